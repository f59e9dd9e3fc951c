"""``{% oembed_link title %}``: the oEmbed discovery tag (oembed.com §4) of the page being drawn,
so forum software that is given the page's link finds its embeddable replay."""

from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.urls import reverse
from django.utils.html import format_html

register = template.Library()


@register.simple_tag(takes_context=True)
def oembed_link(context, title: str = ""):
    request = context["request"]
    href = request.build_absolute_uri(reverse("oembed")) + "?" + urlencode(
        {"url": request.build_absolute_uri(request.path), "format": "json"})
    return format_html('<link rel="alternate" type="application/json+oembed" href="{}" title="{}">', href, title)
