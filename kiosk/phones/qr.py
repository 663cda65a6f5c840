"""A seat's QR code (segno: pure Python, PNG without an imaging library)."""

from __future__ import annotations

import io


def qr_png(url: str, scale: int = 6, border: int = 2) -> bytes:
    """The QR code of ``url`` as PNG bytes: black modules on white, ``scale`` pixels each,
    error correction M (a screen seen at an angle, a fingerprint)."""
    import segno
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=scale, border=border)
    return out.getvalue()


def qr_texture(url: str, scale: int = 6):
    """The QR code of ``url`` as a Kivy texture (sharp edges when scaled).  Kivy thread only."""
    from kivy.core.image import Image as CoreImage
    texture = CoreImage(io.BytesIO(qr_png(url, scale)), ext="png").texture
    texture.mag_filter = "nearest"
    texture.min_filter = "nearest"
    return texture
