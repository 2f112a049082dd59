"""Share links and QR codes (no Flask): the address phones on the table's network can open.

Links use ``TALLY_PUBLIC_URL`` when it is set (behind a proxy). Otherwise they use the address
the phone used to reach the app only when that address is trusted, one of this machine's own
names and addresses or in ``TALLY_ALLOWED_HOSTS``: the Host header is the client's to forge,
and a forged one must not get links to another site. Any other address, and a loopback one
(``localhost``, 127.x, ::1, which another phone cannot open), is replaced by this machine's LAN
address.
"""

from __future__ import annotations

import io
import socket
from functools import lru_cache
from urllib.parse import quote, urlsplit, urlunsplit

import qrcode
import qrcode.image.svg
from qrcode.image.pure import PyPNGImage

LOOPBACK = ("localhost", "127.", "::1", "[::1]", "0.0.0.0")


def lan_ip() -> str:
    """This machine's address on the local network (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        ip = s.getsockname()[0]
    except OSError:
        try:
            ip = socket.gethostbyname(socket.gethostname())
        except OSError:
            ip = "127.0.0.1"
    finally:
        s.close()
    return ip


def is_loopback(host: str) -> bool:
    h = (host or "").lower()
    return not h or h.startswith(LOOPBACK)


@lru_cache(maxsize=1)
def _host_names() -> frozenset[str]:
    try:  # getfqdn may ask DNS: once per process
        host = socket.gethostname().lower()
        return frozenset({host, host + ".local", socket.getfqdn().lower()})
    except OSError:
        return frozenset()


def own_names() -> set[str]:
    """The names and addresses this machine answers to on the network."""
    return {lan_ip(), *_host_names()}


def public_base(request_host_url: str, configured: str | None = None,
                allowed: list[str] | tuple[str, ...] | None = None) -> str:
    """The base URL for links: ``configured`` if set; else the request's when its host is
    trusted (this machine's or ``allowed``); else this machine's LAN address."""
    if configured:
        return configured.rstrip("/")
    parts = urlsplit(request_host_url)
    host = parts.hostname or ""
    try:
        port = parts.port
    except ValueError:  # a forged Host such as "x:99999"
        port = None
    trusted = {h.lower() for h in allowed or ()} | own_names()
    if is_loopback(host) or host.lower() not in trusted:
        netloc = lan_ip() + (f":{port}" if port else "")
        parts = parts._replace(netloc=netloc)
    return urlunsplit((parts.scheme, parts.netloc, "", "", "")).rstrip("/")


def session_link(base: str, session_id: str, token: str) -> str:
    return f"{base}/s/{quote(session_id, safe='')}?t={quote(token, safe='')}"


def qr_svg(text: str) -> bytes:
    img = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    buf = io.BytesIO()
    img.save(buf)
    return buf.getvalue()


def qr_png(text: str) -> bytes:
    img = qrcode.make(text, image_factory=PyPNGImage, box_size=8, border=2)
    buf = io.BytesIO()
    img.save(buf)
    return buf.getvalue()


def qr_terminal(text: str) -> str:
    """The QR code drawn with block characters, for ``make run``."""
    qr = qrcode.QRCode(border=1)
    qr.add_data(text)
    buf = io.StringIO()
    qr.print_ascii(out=buf, invert=True)
    return buf.getvalue()
