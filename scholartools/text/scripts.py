"""Character classes of writing systems, as bodies of a regular expression's ``[…]`` class,
shared by the tokenizers (metrics.overlap) and the PDF parser's text joins and numbers."""

from scholartools import recache as re

#: Han ideographs and the Japanese kana, written without spaces between words
HAN_KANA = "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: one Han ideograph or kana (the parser counts them, joins lines on them, takes them for capitals)
HAN_KANA_CHAR = re.compile(f"[{HAN_KANA}]")
#: every script written without spaces between words: Han and kana, Thai, Lao, Myanmar, Khmer
UNSPACED = HAN_KANA + "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
#: the punctuation and full-width forms that Chinese and Japanese text sets between its words
CJK_PUNCTUATION = "\u3000-\u303f\uff00-\uffef"
