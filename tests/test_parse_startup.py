"""Start-up of the PDF path: parsing a PDF from Python imports none of the modules only the
commands need (the record writer's jsonlines and attrs, orjson, click, tempfile) nor numpy: each
would be paid by every `parse_path` caller and by the speed goal against pymupdf4llm
(docs/st-parse.md, "Start-up round three")."""

import subprocess
import sys
from pathlib import Path

PDF = Path(__file__).resolve().parents[1] / "fixtures" / "pdfs" / "tpl-bare_jrnl.pdf"
NOT_NEEDED = ("jsonlines", "attr", "orjson", "click", "tempfile", "numpy")


def test_parsing_a_pdf_imports_no_command_module():
    code = ("import sys; from scholartools.parsing import parse_path; r = parse_path(sys.argv[1]); "
            "print(r['source']['pages'], *[m for m in sys.argv[2:] if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code, str(PDF), *NOT_NEEDED], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[0] == "1"   # the PDF was parsed (its one page)
    assert out[1:] == []   # none of them imported


FREEZE_PROBE = """
import atexit, gc, sys
atexit.register(lambda: print(gc.get_freeze_count() > 0, gc.isenabled(), file=sys.stderr))
from scholartools.cli.parse import main
main()
"""


def test_st_parse_in_its_own_process_freezes_the_modules_after_the_first_pdf(tmp_path):
    # the first collection after the parse walked pymupdf's 45,000 binding objects (3 % of the
    # command on small PDFs): the command's own process freezes them, the collector stays on
    probe = tmp_path / "probe.py"
    probe.write_text(FREEZE_PROBE)
    out = subprocess.run([sys.executable, str(probe), str(PDF), str(PDF)], capture_output=True, text=True,
                         check=True)
    assert out.stdout.count("\n") == 2
    assert out.stderr.split()[-2:] == ["True", "True"]


def test_st_parse_called_from_python_leaves_the_collector_alone():
    import gc

    from click.testing import CliRunner

    from scholartools.cli.parse import main
    from scholartools.parsing.pdf.mupdf import load

    load()   # pymupdf's own import freezes once (the next tests); the command adds nothing to it
    before = gc.get_freeze_count()
    res = CliRunner().invoke(main, [str(PDF), "--quiet"])
    assert res.exit_code == 0 and res.output.count("\n") == 1
    assert gc.get_freeze_count() == before and gc.isenabled()


LIBRARY_FREEZE_PROBE = (
    "import gc, sys\n"
    "if sys.argv[2] == 'off': gc.disable()\n"
    "from scholartools.parsing import parse_path\n"
    "n = gc.get_freeze_count()\n"
    "r = parse_path(sys.argv[1])\n"
    "print(n, gc.get_freeze_count(), gc.isenabled(), r['source']['pages'])\n")


def test_importing_pymupdf_for_a_parse_freezes_its_objects_once():
    # pymupdf's ~45,000 binding objects, walked by every later full collection and by the last one
    # at exit, are moved to the permanent generation at its import (parsing/pdf/mupdf.py: 24 %
    # of a process that parses the six smallest gold PDFs through parse_path)
    out = subprocess.run([sys.executable, "-c", LIBRARY_FREEZE_PROBE, str(PDF), "on"], capture_output=True,
                         text=True, check=True).stdout.split()
    assert out[0] == "0" and int(out[1]) > 20000 and out[2:] == ["True", "1"]


def test_a_caller_who_turned_the_collector_off_gets_no_freeze():
    out = subprocess.run([sys.executable, "-c", LIBRARY_FREEZE_PROBE, str(PDF), "off"], capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["0", "0", "False", "1"]


def test_parsing_a_pdf_defers_pymupdfs_table_finder_and_find_tables_still_works():
    # pymupdf's table finder (pymupdf.table with statistics and html: 14 ms of its import) is
    # executed only when something first asks for it (scholartools/parsing/pdf/mupdf.py)
    code = ("import sys; from scholartools.parsing import parse_path; parse_path(sys.argv[1]); "
            "before = [type(sys.modules['pymupdf.table']).__name__, 'statistics' in sys.modules]; "
            "import pymupdf; page = pymupdf.open(sys.argv[1])[0]; found = page.find_tables(); "
            "print(*before, type(found).__name__, len(found.tables), "
            "type(sys.modules['pymupdf.table']).__name__, pymupdf.table is sys.modules['pymupdf.table'])")
    out = subprocess.run([sys.executable, "-c", code, str(PDF)], capture_output=True, text=True,
                         check=True).stdout.splitlines()[-1].split()   # pymupdf advertises its layout package first
    assert out == ["_Deferred", "False", "TableFinder", "0", "module", "True"]


def test_the_deferred_table_finder_answers_from_the_real_module():
    code = ("import sys; from scholartools.parsing.pdf.mupdf import load; p = load(); "
            "from pymupdf import table; print(callable(table.find_tables), p.table.find_tables is table.find_tables)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "True"]


def test_patching_the_deferred_table_finder_patches_the_real_module():
    code = ("import sys; from scholartools.parsing.pdf.mupdf import load; p = load(); import pymupdf.table as t; "
            "t.MARK = 7; import pymupdf; print(type(sys.modules['pymupdf.table']).__name__, pymupdf.table.MARK, "
            "'find_tables' in dir(t))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["module", "7", "True"]
