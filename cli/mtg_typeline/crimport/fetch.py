"""Fetching a Comprehensive Rules text over HTTP for `typeline rules update`: the official
rules page, the link to the plain-text CR on it, and the text itself.

Wizards publishes each edition as a `.txt` file (`…/MagicCompRules%2020260116.txt`, its name
sometimes with a space or an underscore) linked from the rules page; the page's markup is not
promised, so the link is looked for in `href` attributes and in any absolute address written
in the page (its scripts included), and a `.txt` whose name says `CompRules` is preferred,
the one with the latest date in its name first.

Only the standard library's HTTP client is used, with a timeout on every wait and a size
limit on every body (a CR text is about 1 MB): a body larger than the limit, one shorter
than its announced length, a status other than 200, an unreachable host or a server that
doesn't answer is an `InputError` saying which, with how to do without the network
(`--from FILE`).
"""

from __future__ import annotations

import html
import http.client
import re
import urllib.error
import urllib.request
from urllib.parse import quote, unquote, urljoin, urlsplit

from mtg_typeline import __version__
from mtg_typeline.errors import InputError, UsageError

__all__ = ["DEFAULT_TIMEOUT", "LIMIT", "RULES_PAGE", "fetch", "is_url", "text_link"]

RULES_PAGE = "https://magic.wizards.com/en/rules"
DEFAULT_TIMEOUT = 30.0  # seconds, for each wait on the network
LIMIT = 10 * 1024 * 1024  # bytes: a CR text is about 1 MB, the page far less
OFFLINE = "download the CR text yourself and give it with `typeline rules update --from FILE`"

_HREF = re.compile(r"""href\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_ADDRESS = re.compile(r"""https?://[^\s"'<>()]+""", re.IGNORECASE)
_DATE = re.compile(r"(?<!\d)(\d{8})(?!\d)")
_SAFE = ":/?#[]@!$&'()*+,;=%~"  # what an address keeps as it is when its spaces are encoded


def is_url(text: str) -> bool:
    """Whether `text` is an http(s) address rather than a file's path."""
    return text[:8].lower().startswith(("http://", "https://"))


def fetch(url: str, timeout: float, what: str) -> bytes:
    """The body of `url` (`what` names it in messages: "the rules page", "the CR text"); an
    `InputError` when it can't be had whole, within `timeout` seconds a wait and `LIMIT` bytes."""
    try:
        request = urllib.request.Request(
            quote(url, safe=_SAFE), headers={"User-Agent": f"mtg-typeline/{__version__}"}
        )
    except ValueError as exc:  # (an address urllib can't take apart: `http://[::1`)
        raise InputError(f"{url}: not an address to fetch {what} from: {exc}") from None
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return _body(response, url, what)
    except urllib.error.HTTPError as exc:
        answer = f"the server answered {exc.code} {exc.reason}"
        raise InputError(f"{url}: cannot fetch {what}: {answer}; {OFFLINE}") from None
    except urllib.error.URLError as exc:
        raise InputError(f"{url}: cannot fetch {what}: {_reason(exc.reason, timeout)}; {OFFLINE}") from None
    except (TimeoutError, http.client.HTTPException, OSError) as exc:
        raise InputError(f"{url}: cannot fetch {what}: {_reason(exc, timeout)}; {OFFLINE}") from None
    except ValueError as exc:  # an address urllib can't use
        raise UsageError(f"{url}: not an address to fetch: {exc}") from None


def _body(response: http.client.HTTPResponse, url: str, what: str) -> bytes:
    """The whole body, refused when larger than `LIMIT` or shorter than announced."""
    announced = response.headers.get("Content-Length", "")
    length = int(announced) if announced.isdigit() else None
    if length is not None and length > LIMIT:
        raise InputError(f"{url}: {what} is {length} bytes, more than the limit of {_mib(LIMIT)}")
    chunks: list[bytes] = []
    size = 0
    while chunk := response.read(min(1 << 16, LIMIT + 1 - size)):
        chunks.append(chunk)
        size += len(chunk)
        if size > LIMIT:
            raise InputError(f"{url}: {what} is more than the limit of {_mib(LIMIT)}")
    if length is not None and size < length:
        raise InputError(
            f"{url}: {what} came incomplete: the connection closed after {size} of {length} bytes"
        )
    return b"".join(chunks)


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):g} MiB"


def _reason(reason: object, timeout: float) -> str:
    """Why the network failed, in words: a timeout says how long was waited."""
    if isinstance(reason, TimeoutError):
        return f"no answer within {timeout:g} seconds"
    if isinstance(reason, http.client.IncompleteRead):
        return "the connection closed before the whole body came"
    if isinstance(reason, OSError) and reason.strerror:
        return str(reason.strerror)
    return str(reason) or type(reason).__name__


def _joined(base: str, href: str) -> str | None:
    """`href` of a page fetched from `base`, made whole; None for one that is no address
    (the page is the network's: a broken link is passed over, not trusted)."""
    try:
        return urljoin(base, href)
    except ValueError:
        return None


def _path_of(link: str) -> str:
    try:
        return urlsplit(link).path
    except ValueError:
        return ""


def text_link(page: bytes, page_url: str) -> str:
    """The address of the plain-text CR that the rules page `page` (fetched from `page_url`)
    links to; an `InputError` when it links to none."""
    text = page.decode("utf-8", "replace").replace("\\/", "/")  # addresses inside scripts' JSON
    found = [link for href in _HREF.findall(text) if (link := _joined(page_url, html.unescape(href).strip()))]
    found += _ADDRESS.findall(text)
    texts = [link for link in dict.fromkeys(found) if _path_of(link).lower().endswith(".txt")]
    if not texts:
        raise InputError(
            f"{page_url}: the page links to no plain-text (.txt) Comprehensive Rules; "
            "give the text's address or a downloaded file with `typeline rules update --from`"
        )
    named = [link for link in texts if "comprules" in _name(link)] or texts
    return max(named, key=lambda link: (_date_of(link), -named.index(link)))


def _name(link: str) -> str:
    return unquote(urlsplit(link).path.rsplit("/", 1)[-1]).lower().replace(" ", "").replace("_", "")


def _date_of(link: str) -> str:
    """The last 8-digit date in the file name of `link` ('' when there is none)."""
    dates = _DATE.findall(_name(link))
    return dates[-1] if dates else ""
