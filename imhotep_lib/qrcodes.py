"""QR codes for printed slips (segno: a well-kept pure-Python encoder, no image library needed).

A PNG data URI rather than inline SVG: the slip is printed, and a PNG at 4 px a module prints
sharp on any printer while staying one ``<img>`` with an ``alt`` text (the URL is printed
beside it too, for a phone without a camera).
"""

from __future__ import annotations

import segno


def png_data_uri(text: str) -> str:
    """``text`` as a QR code (error correction M: a crease or a coffee ring still reads)."""
    return str(segno.make(text, error="m", micro=False).png_data_uri(scale=4, border=2))
