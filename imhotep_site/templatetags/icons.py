"""Inline SVG icons: they draw the same on every machine, where glyphs such as ⏮ or a
hieroglyph need a font that a plain Debian (or a phone) may not have and show as boxes."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

#: name → SVG path data on a 16×16 grid.
PATHS = {
    # A stepped pyramid with a doorway: the site's mark.
    "logo": "M8 1 15 15H1Zm0 4-1.5 3h3ZM6.8 11v4h2.4v-4Z",
    "first": "M2 2h2v12H2zm12 0v12L5 8z",
    "prev": "M12 2v12L3 8z",
    "next": "M4 2v12l9-6z",
    "last": "M12 2h2v12h-2zM2 2v12l9-6z",
}


@register.simple_tag
def icon(name: str, label: str = ""):
    """``{% icon "next" %}``: decorative by default; with a label it is announced."""
    aria = format_html('role="img" aria-label="{}"', label) if label else mark_safe('aria-hidden="true"')
    return format_html(
        '<svg class="icon" viewBox="0 0 16 16" width="1em" height="1em" fill="currentColor" {}>'
        '<path fill-rule="evenodd" d="{}"/></svg>',
        aria,
        PATHS[name],
    )
