"""Every non-PDF input format round-trips into the same paper record shape; LaTeX equations."""

import pytest
from cli_helpers import run_cli
from conftest import EXTERNAL, ROOT

from scholartools.parsing import parse_path
from scholartools.text.sections import section_type, strip_number

FIX = ROOT / "fixtures" / "parse"
FILES = ["paper.tex", "paper.md", "paper.txt", "paper.s2orc.json", "paper.scienceparse.json",
         "paper.flat.json", "paper.tei.xml"]
FORMATS = ["latex", "markdown", "text", "s2orc", "scienceparse", "flatjson", "tei"]


@pytest.mark.parametrize("name,fmt", list(zip(FILES, FORMATS)))
def test_fixture_round_trips_to_same_shape(name, fmt):
    rec = parse_path(str(FIX / name))
    assert rec["source"]["format"] == fmt
    assert rec["title"] == "A Tiny Study of Parsing"
    assert rec["abstract"] == "We parse tiny papers and check that every format gives the same record."
    assert [(s["heading"], s["type"]) for s in rec["sections"]] == [
        ("Introduction", "introduction"), ("Method", "method"), ("Limitations", "limitations"),
        ("Conclusion", "conclusion")]
    assert rec["sections"][2]["text"] == "We only test small fixtures."
    # the flat JSON's ACL checklist question ("… limitations …?") is not a section
    assert sum(s["type"] == "limitations" for s in rec["sections"]) == 1


def test_latex_follows_input_and_keeps_equation_context():
    rec = parse_path(str(FIX / "paper.tex"))
    assert [a["name"] for a in rec["authors"]] == ["Ada Lovelace", "Alan Turing"]
    (eq,) = rec["equations"]
    assert eq["label"] == "eq:loss" and "\\lambda" in eq["latex"]
    assert eq["context_before"].endswith("as follows:")
    assert eq["context_after"].startswith("where")
    assert eq["section"] == "Method"
    assert "comment" not in " ".join(s["text"] for s in rec["sections"])


def test_iclr_template_sections():
    tex = EXTERNAL / "pdfs" / "iclr-template" / "iclr2026_conference.tex"
    rec = parse_path(str(tex))
    import json
    gold = next(json.loads(line) for line in (EXTERNAL / "pdfs" / "gold_index.jsonl").read_text().splitlines()
                if '"iclr-template/' in line)
    assert rec["title"] == gold["title"]
    heads = [s["heading"] for s in rec["sections"] if s["level"] <= 2]
    assert heads == gold["headings"]
    assert rec["sections"][-1]["type"] == "appendix"


def test_section_typing_hand_cases():
    assert strip_number("3.2. Results") == ("3.2", "Results")
    assert strip_number("A New Model") == (None, "A New Model")
    assert strip_number("2.1\u2003|\u2003Plant material") == ("2.1", "Plant material")   # "number | words"
    assert strip_number("1 |") == (None, "1 |")
    assert section_type("Limitations") == "limitations"
    assert section_type("Ethical Considerations") == "ethics"
    assert section_type("A.1 Prompt details") == "appendix"
    assert section_type("Acknowledgements") == "acknowledgments"
    assert section_type("2 Related Work") == "related_work"


def test_cli_formats_and_options():
    res = run_cli("st-parse", [str(FIX / "paper.md"), "--sections-only", "--id-from", "sha256"])
    assert res.code == 0
    (rec,) = res.records
    assert len(rec["id"]) == 16 and rec["references"] == []
    assert "paragraphs" not in rec["sections"][0]
    res = run_cli("st-parse", ["--paths-from-stdin", "--format", "markdown"], input=f"{FIX / 'paper.md'}\n")
    assert res.code == 0 and res.records[0]["source"]["format"] == "markdown"


def test_a_latex_main_file_takes_its_folders_name_as_id(tmp_path):
    from scholartools.parsing import parse_path

    for folder in ("2301.01234", "other"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "main.tex").write_text("\\documentclass{article}\\begin{document}\\section{A}x\\end{document}")
    ids = [parse_path(str(tmp_path / f / "main.tex"))["id"] for f in ("2301.01234", "other")]
    assert ids == ["2301.01234", "other"]
    (tmp_path / "notes.tex").write_text("\\documentclass{article}\\begin{document}x\\end{document}")
    assert parse_path(str(tmp_path / "notes.tex"))["id"] == "notes"


def test_parsing_a_pdf_does_not_import_the_record_writer():
    # start-up of st-parse on small PDFs: the parser raises RecordError from scholartools.errors,
    # so the library path leaves jsonlines / attr / tempfile unimported
    import os
    import subprocess
    import sys

    code = ("import sys; from scholartools.parsing import parse_path; "
            f"r = parse_path({str(ROOT / 'fixtures' / 'pdfs' / 'acl-naacl-2004.pdf')!r}); assert r['title']; "
            "print(sorted(m for m in ('jsonlines', 'attr', 'tempfile', 'orjson') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=str(ROOT))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_st_parse_on_a_pdf_imports_no_heavy_module():
    # start-up is most of st-parse's cost on small PDFs (issues 35/36): the command imports click,
    # pymupdf and the record writer, never an LLM client, numpy or a progress bar
    import os
    import subprocess
    import sys

    heavy = ("numpy", "litellm", "openai", "httpx", "requests", "tqdm", "scipy", "sklearn", "torch", "yaml",
             "tempfile", "dask")
    code = ("import atexit, sys\n"
            f"atexit.register(lambda: print(sorted(m for m in {heavy!r} if m in sys.modules), file=sys.stderr))\n"
            "from scholartools.cli.parse import main\n"
            f"main([{str(ROOT / 'fixtures' / 'pdfs' / 'acl-naacl-2004.pdf')!r}])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=str(ROOT))
    assert out.returncode == 0, out.stderr
    assert '"title"' in out.stdout
    assert out.stderr.strip().splitlines()[-1] == "[]", out.stderr


def test_parsing_a_pdf_leaves_the_garbage_collector_as_it_found_it():
    # parse_pdf turns cyclic collection off while it parses (speed, issue 35) and must restore it
    import gc

    pdf = str(ROOT / "fixtures" / "papers" / "paper.pdf")
    assert gc.isenabled()
    assert parse_path(pdf)["title"]
    assert gc.isenabled()
    gc.disable()
    try:
        assert parse_path(pdf)["title"]
        assert not gc.isenabled()   # a caller's choice to keep it off is kept
    finally:
        gc.enable()


def test_parsing_a_pdf_leaves_icc_colour_management_on():
    # read_pdf turns MuPDF's ICC colour management off while it reads the text (speed, issues
    # 35/36) and must turn it on again: CMYK black converts to sRGB through the ICC profiles
    # (0x231F20) after a parse as before it, not by formula (0x000000)
    import pymupdf

    def cmyk_black_in_rgb():
        pix = pymupdf.Pixmap(pymupdf.csCMYK, pymupdf.IRect(0, 0, 1, 1), False)
        pix.set_pixel(0, 0, (0, 0, 0, 255))
        return pymupdf.Pixmap(pymupdf.csRGB, pix).pixel(0, 0)

    assert cmyk_black_in_rgb() == (35, 31, 32)
    assert parse_path(str(ROOT / "fixtures" / "papers" / "paper.pdf"))["title"]
    assert cmyk_black_in_rgb() == (35, 31, 32)
