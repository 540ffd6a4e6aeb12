"""The README's first example in Python: a template, then an image rendered synchronously (mypy --strict clean)."""

from __future__ import annotations

import os
import sys

from render_platform import ApiError, RenderPlatform, unwrap
from render_platform.generated.api.people import list_people
from render_platform.generated.api.templates import create_template
from render_platform.generated.models import (
    CreateImageBody,
    CreateTemplateBody,
    CreateTemplateBodyType,
    Modification,
    Placeholder,
    PlaceholderType,
)


def main() -> int:
    rp = RenderPlatform(os.environ.get("RENDER_API_URL", "http://127.0.0.1:8080"), os.environ["RENDER_API_KEY"])
    template = unwrap(
        create_template.sync_detailed(
            client=rp.client,
            body=CreateTemplateBody(
                name="Welcome card",
                type_=CreateTemplateBodyType.IMAGE,
                width=1080,
                height=1080,
                composition_html='<div style="font:bold 80px sans-serif;padding:60px" data-placeholder="title">Hello</div>',
                placeholders=[Placeholder(name="title", type_=PlaceholderType.TEXT, default="Hello")],
            ),
        )
    )
    image = rp.render_image(CreateImageBody(template_id=template.id, modifications=[Modification(name="title", text="Welcome, Ada")]))
    print(image.status, image.result_url)
    try:
        for person in rp.paginate(list_people.sync_detailed, sector="Sales"):
            print(person.first_name)
    except ApiError as e:
        print(e.status, e.code, [(d.field, d.message) for d in e.details], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
