"""One masking function for every URL and message the tool prints or stores.

:func:`mask` replaces, in any text (an error message, a log line, a URL):

* the password of a URL's userinfo (``redis://user:PW@host`` → ``redis://user:***@host``);
* the value of a secret-looking query or ``key=value`` parameter (``?password=``, ``api_key=``,
  ``token=``, ``secret=``, ``sig=`` …, also as ``"api_key": "…"`` in echoed JSON);
* what follows ``Bearer``/``Basic`` and an ``Authorization``/``x-api-key`` header echoed by a
  server (some gateways and proxies put the request's headers into their 401 body);
* API keys of the usual shapes (``sk-…``, ``sk-ant-…``, ``AIza…``, ``hf_…``, ``ghp_…``, ``xox?-…``);
* the value of every configured secret wherever it appears: ``ST_API_KEY``, every environment
  variable named like ``*_API_KEY``, ``*_TOKEN``, ``*_SECRET``, ``*PASSWORD*`` (read at call
  time), and the values given to :func:`remember` (e.g. a cache URL's password).

The LLM layer's error records (:mod:`scholartools.llm.retry`), every line on stderr
(``RecordIO.log``), the messages of usage errors, the cache's printed location (``st-cache``
output, ``CacheUnavailable``) and batch reports go through it.  ``tests/test_hostile.py`` checks
with a property test that a secret embedded anywhere in a message never survives.
"""
from __future__ import annotations

import os
import re
import threading

MASK = "***"
#: a configured secret shorter than this is not replaced verbatim (it would mask ordinary words)
MIN_SECRET = 6

_NAMES = (r"pass(?:word|wd)?|pwd|secret|client[_-]?secret|token|access[_-]?token|refresh[_-]?token|"
          r"id[_-]?token|auth|api[_-]?key|apikey|x[_-]api[_-]key|key|sig|signature|credentials?|session")
# name=value (query strings, log lines): the value up to a separator
_PARAM = re.compile(r"(?i)(?<![A-Za-z0-9])((?:" + _NAMES + r")\s*=\s*)([^\s&;,'\"<>)}\]]+)")
# "name": "value" or 'name': 'value' (echoed JSON / Python reprs)
_QUOTED = re.compile(r"""(?i)(["'](?:""" + _NAMES + r"""|authorization)["']\s*:\s*["'])([^"']*)""")
# Authorization: <anything to the end of the line or a quote>; x-api-key: <token>
_HEADER = re.compile(r"(?i)((?:proxy-)?authorization\s*:\s*|x-api-key\s*:\s*|api-key\s*:\s*)([^\r\n\"',}]+)")
_SCHEME = re.compile(r"\b([Bb]earer|BEARER|Basic)(\s+)([A-Za-z0-9._~+/=-]+)")
# scheme://user:password@ (the password may hold anything but '@' and whitespace)
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@?#]*:)([^\s@/]*)@")
_KEYS = re.compile(r"(?<![A-Za-z0-9])(sk-(?:ant-|proj-)?[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{20,}|"
                   r"hf_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{16,}|xox[abpr]-[A-Za-z0-9-]{8,}|"
                   r"AKIA[0-9A-Z]{16})")
_SECRET_ENV = re.compile(r"(?i)(API_KEY|APIKEY|_TOKEN|_SECRET|PASSWORD|PASSWD)$|^ST_API_KEY$")

_lock = threading.Lock()
_remembered: set[str] = set()


def remember(secret: str | None) -> None:
    """Mask ``secret`` verbatim from now on, in this process (e.g. a password parsed from a URL)."""
    if secret and len(secret) >= MIN_SECRET - 2:
        with _lock:
            _remembered.add(secret)


def configured_secrets() -> list[str]:
    """The secret values this process knows of, longest first."""
    found = {v for k, v in os.environ.items() if v and len(v) >= MIN_SECRET and _SECRET_ENV.search(k)}
    with _lock:
        found |= _remembered
    return sorted(found, key=len, reverse=True)


def mask(text) -> str:
    """``text`` (anything; made a str) with every secret it holds replaced by ``***`` (a value
    found in one place, e.g. after ``Bearer``, is masked wherever else it appears too)."""
    if text is None:
        return text
    s = text if isinstance(text, str) else str(text)
    for secret in configured_secrets():
        if secret in s:
            s = s.replace(secret, MASK)
    found: set[str] = set()

    def hide(prefix: str, value: str) -> str:
        if value and value != MASK:
            found.add(value)
            # "Bearer <token>" after a header name, "<pw>:" before a colon: the token alone too
            found.update(value.split())
            found.update(re.split(r"[^\w.~+/=-]+", value))
        return prefix + (MASK if value else "")

    if "://" in s:
        s = _USERINFO.sub(lambda m: hide(m.group(1), m.group(2)) + "@", s)
    s = _HEADER.sub(lambda m: hide(m.group(1), m.group(2)), s)
    s = _SCHEME.sub(lambda m: hide(m.group(1) + m.group(2), m.group(3)), s)
    s = _QUOTED.sub(lambda m: hide(m.group(1), m.group(2)), s)
    s = _PARAM.sub(lambda m: hide(m.group(1), m.group(2)), s)
    s = _KEYS.sub(lambda m: hide("", m.group(1)), s)
    for value in sorted(found, key=len, reverse=True):
        value = value.strip()
        if len(value) >= MIN_SECRET and value in s:
            s = s.replace(value, MASK)
    return s


def url_secrets(url: str) -> list[str]:
    """The password of a URL's userinfo and its secret-looking query values (to :func:`remember`)."""
    from urllib.parse import parse_qsl, unquote, urlsplit

    out = []
    try:
        parts = urlsplit(url)
        if parts.password:
            out += [parts.password, unquote(parts.password)]
        names = re.compile(r"(?i)^(?:" + _NAMES + r")$")
        out += [v for k, v in parse_qsl(parts.query, keep_blank_values=False) if names.match(k)]
    except ValueError:
        pass
    return [s for s in out if s]
