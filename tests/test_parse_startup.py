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
