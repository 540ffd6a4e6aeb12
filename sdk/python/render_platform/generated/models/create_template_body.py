from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_template_body_engine import CreateTemplateBodyEngine
from ..models.create_template_body_format import CreateTemplateBodyFormat
from ..models.create_template_body_type import CreateTemplateBodyType
from ..models.create_template_body_video_strategy import CreateTemplateBodyVideoStrategy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_template_body_canvas_data import CreateTemplateBodyCanvasData
    from ..models.placeholder import Placeholder


T = TypeVar("T", bound="CreateTemplateBody")


@_attrs_define
class CreateTemplateBody:
    """
    Attributes:
        name (str):
        type_ (CreateTemplateBodyType):
        width (int):
        height (int):
        format_ (CreateTemplateBodyFormat | Unset): png, jpeg, webp or pdf (one vector page of the template size, text
            selectable) for image templates; mp4 (H.264), webm (VP9, with alpha when canvas_data.transparent) or gif (at
            most 25 fps and 1280 px on each edge) for video templates. Defaults to png (image) or mp4 (video).
        composition_html (str | Unset): The HTML document that is rendered; see docs/templates.md for the data-
            placeholder binding language. Required unless canvas_data has `layers`: a designed template's HTML is compiled
            from them (leave it out; one sent must equal the compiled HTML).
        canvas_data (CreateTemplateBodyCanvasData | Unset): Free-form editor data. For video templates
            `duration_seconds` (0.5-60) and `fps` (integer 10-60; gif at most 25) are the defaults a video request falls
            back to (else 5 s and 30 fps). `transparent: true` keeps the page background transparent (png, webp, webm only;
            webm then carries alpha as yuva420p). Image templates may declare size variants, `variants: [{name, width,
            height, format?}]` (1-10, names a-z0-9_-, each within the size caps), which a render asks for by name
            (docs/renders.md). With `layers` it is a design document (docs/templates.md "Designed templates"): the template
            is designed, and its composition_html and placeholders are compiled from it at save.
        placeholders (list[Placeholder] | Unset):
        video_strategy (CreateTemplateBodyVideoStrategy | Unset): How video frames are captured: `auto` (default:
            `begin-frame` where the render worker supports it, else `screenshot`), `screenshot` (portable) or `begin-frame`
            (the compositor draws only on command; fastest).
        engine (CreateTemplateBodyEngine | Unset): Which engine renders the template (docs/engines.md). `auto` (default
            for new templates): the platform decides per version; a static gate sends it to Chromium with a reason code when
            it has what the native engine does not draw, else a parity check renders it through both engines and keeps the
            native engine only when every sample meets the threshold. `chromium` or `native` force one; `native` answers 422
            (field `engine`) naming the reason when the static gate rules it out. A change creates a new version. Defaults
            to auto.
        project_id (UUID | Unset): Grouping key; defaults to the org id (the org's default project).
    """

    name: str
    type_: CreateTemplateBodyType
    width: int
    height: int
    format_: CreateTemplateBodyFormat | Unset = UNSET
    composition_html: str | Unset = UNSET
    canvas_data: CreateTemplateBodyCanvasData | Unset = UNSET
    placeholders: list[Placeholder] | Unset = UNSET
    video_strategy: CreateTemplateBodyVideoStrategy | Unset = UNSET
    engine: CreateTemplateBodyEngine | Unset = UNSET
    project_id: UUID | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_.value

        width = self.width

        height = self.height

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        composition_html = self.composition_html

        canvas_data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.canvas_data, Unset):
            canvas_data = self.canvas_data.to_dict()

        placeholders: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.placeholders, Unset):
            placeholders = []
            for placeholders_item_data in self.placeholders:
                placeholders_item = placeholders_item_data.to_dict()
                placeholders.append(placeholders_item)

        video_strategy: str | Unset = UNSET
        if not isinstance(self.video_strategy, Unset):
            video_strategy = self.video_strategy.value

        engine: str | Unset = UNSET
        if not isinstance(self.engine, Unset):
            engine = self.engine.value

        project_id: str | Unset = UNSET
        if not isinstance(self.project_id, Unset):
            project_id = str(self.project_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "type": type_,
                "width": width,
                "height": height,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if composition_html is not UNSET:
            field_dict["composition_html"] = composition_html
        if canvas_data is not UNSET:
            field_dict["canvas_data"] = canvas_data
        if placeholders is not UNSET:
            field_dict["placeholders"] = placeholders
        if video_strategy is not UNSET:
            field_dict["video_strategy"] = video_strategy
        if engine is not UNSET:
            field_dict["engine"] = engine
        if project_id is not UNSET:
            field_dict["project_id"] = project_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_template_body_canvas_data import (
            CreateTemplateBodyCanvasData,
        )
        from ..models.placeholder import Placeholder

        d = dict(src_dict)
        name = d.pop("name")

        type_ = CreateTemplateBodyType(d.pop("type"))

        width = d.pop("width")

        height = d.pop("height")

        _format_ = d.pop("format", UNSET)
        format_: CreateTemplateBodyFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = CreateTemplateBodyFormat(_format_)

        composition_html = d.pop("composition_html", UNSET)

        _canvas_data = d.pop("canvas_data", UNSET)
        canvas_data: CreateTemplateBodyCanvasData | Unset
        if isinstance(_canvas_data, Unset):
            canvas_data = UNSET
        else:
            canvas_data = CreateTemplateBodyCanvasData.from_dict(_canvas_data)

        _placeholders = d.pop("placeholders", UNSET)
        placeholders: list[Placeholder] | Unset = UNSET
        if _placeholders is not UNSET:
            placeholders = []
            for placeholders_item_data in _placeholders:
                placeholders_item = Placeholder.from_dict(placeholders_item_data)

                placeholders.append(placeholders_item)

        _video_strategy = d.pop("video_strategy", UNSET)
        video_strategy: CreateTemplateBodyVideoStrategy | Unset
        if isinstance(_video_strategy, Unset):
            video_strategy = UNSET
        else:
            video_strategy = CreateTemplateBodyVideoStrategy(_video_strategy)

        _engine = d.pop("engine", UNSET)
        engine: CreateTemplateBodyEngine | Unset
        if isinstance(_engine, Unset):
            engine = UNSET
        else:
            engine = CreateTemplateBodyEngine(_engine)

        _project_id = d.pop("project_id", UNSET)
        project_id: UUID | Unset
        if isinstance(_project_id, Unset):
            project_id = UNSET
        else:
            project_id = UUID(_project_id)

        create_template_body = cls(
            name=name,
            type_=type_,
            width=width,
            height=height,
            format_=format_,
            composition_html=composition_html,
            canvas_data=canvas_data,
            placeholders=placeholders,
            video_strategy=video_strategy,
            engine=engine,
            project_id=project_id,
        )

        return create_template_body
