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

#: characters a Chinese or Japanese font's broken map gives for its ideographs (a thesis' heading
#: font read "㫼ⳑ⌟Ⳃ⭆㯌㯏" for "研究背景及意义"): the rare ideographs of Extension A, technical symbols,
#: arrows and mathematical operators, Coptic, Hangul's compatibility letters, enclosed ideographs,
#: dingbats — blocks Chinese and Japanese prose next to never uses
_FONT_MAP_NOISE = re.compile("[\u2300-\u23ff\u2700-\u27bf\u2900-\u2bff\u2c80-\u2cff\u3130-\u318f"
                             "\u3200-\u32ff\u3400-\u4dbf]")
_HAN = re.compile("[\u4e00-\u9fff]")


def garbled_cjk(text: str) -> bool:
    """Does ``text`` read as a Chinese or Japanese font's broken map: ideographs (of Extension A
    too) and two characters of :data:`_FONT_MAP_NOISE` or more, a quarter of its common ideographs
    and such characters? (A formula's "⌈x⌉" or a table's "✓" among English words is none.)"""
    if text.isascii() or not HAN_KANA_CHAR.search(text):
        return False
    noise = len(_FONT_MAP_NOISE.findall(text))
    return noise >= 2 and 4 * noise >= noise + len(_HAN.findall(text))
