"""Pages draw on a plain Debian font set (DejaVu, Liberation): no character that needs a font
those lack — hieroglyphs, emoji, media-control symbols — in any template. Icons are inline SVG
(imhotep_site/templatetags/icons.py)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"  # and each game's own, games/ui/<game>/templates


def needs_a_rare_font(char: str) -> bool:
    code = ord(char)
    return code > 0xFFFF or 0x2300 <= code <= 0x23FF


def test_no_template_uses_a_glyph_missing_from_debian_fonts():
    found = [
        f"{path.relative_to(ROOT)}: {char!r} (U+{ord(char):04X})"
        for path in sorted([*TEMPLATES.rglob("*.html"), *ROOT.glob("games/ui/*/templates/**/*.html")])
        for char in sorted(set(path.read_text(encoding="utf-8")))
        if needs_a_rare_font(char)
    ]
    assert found == []


def test_the_logo_is_an_inline_svg(client):
    body = client.get("/").content.decode()
    assert '<a class="brand" href="/"><svg class="icon"' in body
