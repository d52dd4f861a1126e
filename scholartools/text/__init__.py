"""Text utilities shared by several commands: sections, sentences, verbatim checks."""
