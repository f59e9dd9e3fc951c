"""What a page says, as the reader sees it: its visible texts and the attributes read aloud or
shown on hover, for comparing one page in two languages (docs/i18n.md)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Attributes a person reads: hover titles, screen-reader labels, placeholders, confirmations.
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "hx-confirm")
# Contents nobody reads as sentences: code samples, scripts, styles, the chart's coordinates.
SKIPPED_TAGS = {"script", "style", "code", "pre", "svg"}
_LETTER = re.compile(r"[^\W\d_]")


class _Texts(HTMLParser):
    def __init__(self, attributes: tuple[str, ...] = READ_ATTRIBUTES) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skipping: list[str] = []
        self._attributes = attributes

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED_TAGS:
            self._skipping.append(tag)
        for name, value in attrs:
            if name in self._attributes and value:
                self.texts.append(value)

    def handle_endtag(self, tag):
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()

    def handle_data(self, data):
        if not self._skipping:
            self.texts.append(data)


def readable_texts(html: str, attributes: tuple[str, ...] = READ_ATTRIBUTES) -> set[str]:
    """Every piece of text a reader meets on the page, whitespace squeezed, that has letters
    (``attributes``: the attributes whose values count as read)."""
    parser = _Texts(attributes)
    parser.feed(html)
    squeezed = (" ".join(text.split()) for text in parser.texts)
    return {text for text in squeezed if _LETTER.search(text)}
