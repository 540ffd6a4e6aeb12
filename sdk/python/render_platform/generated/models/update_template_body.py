from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.update_template_body_engine import UpdateTemplateBodyEngine
from ..models.update_template_body_format import UpdateTemplateBodyFormat
from ..models.update_template_body_video_strategy import UpdateTemplateBodyVideoStrategy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.placeholder import Placeholder
    from ..models.update_template_body_canvas_data import UpdateTemplateBodyCanvasData


T = TypeVar("T", bound="UpdateTemplateBody")


@_attrs_define
class UpdateTemplateBody:
    """Every field is optional. A change to composition_html, canvas_data, placeholders, width, height, format,
    video_strategy or engine creates a new version; a rename or project move does not. `type` cannot change.

        Attributes:
            name (str | Unset):
            width (int | Unset):
            height (int | Unset):
            canvas_data (UpdateTemplateBodyCanvasData | Unset): Free-form editor data. For video templates
                `duration_seconds` (0.5-60) and `fps` (integer 10-60; gif at most 25) are the defaults a video request falls
                back to (else 5 s and 30 fps). `transparent: true` keeps the page background transparent (png, webp, webm only;
                webm then carries alpha as yuva420p). Image templates may declare size variants, `variants: [{name, width,
                height, format?}]` (1-10, names a-z0-9_-, each within the size caps), which a render asks for by name
                (docs/renders.md). With `layers` it is a design document (docs/templates.md "Designed templates"): the template
                is designed, and its composition_html and placeholders are compiled from it at save.
            composition_html (str | Unset): The HTML document that is rendered; see docs/templates.md for the data-
                placeholder binding language. Required unless canvas_data has `layers`: a designed template's HTML is compiled
                from them (leave it out; one sent must equal the compiled HTML).
            placeholders (list[Placeholder] | Unset):
            format_ (UpdateTemplateBodyFormat | Unset): png, jpeg, webp or pdf (one vector page of the template size, text
                selectable) for image templates; mp4 (H.264), webm (VP9, with alpha when canvas_data.transparent) or gif (at
                most 25 fps and 1280 px on each edge) for video templates.
            video_strategy (UpdateTemplateBodyVideoStrategy | Unset): How video frames are captured: `auto` (default:
                `begin-frame` where the render worker supports it, else `screenshot`), `screenshot` (portable) or `begin-frame`
                (the compositor draws only on command; fastest).
            engine (UpdateTemplateBodyEngine | Unset): Which engine renders the template (docs/engines.md). `auto` (default
                for new templates): the platform decides per version; a static gate sends it to Chromium with a reason code when
                it has what the native engine does not draw, else a parity check renders it through both engines and keeps the
                native engine only when every sample meets the threshold. `chromium` or `native` force one; `native` answers 422
                (field `engine`) naming the reason when the static gate rules it out. A change creates a new version.
            project_id (UUID | Unset):
    """

    name: str | Unset = UNSET
    width: int | Unset = UNSET
    height: int | Unset = UNSET
    canvas_data: UpdateTemplateBodyCanvasData | Unset = UNSET
    composition_html: str | Unset = UNSET
    placeholders: list[Placeholder] | Unset = UNSET
    format_: UpdateTemplateBodyFormat | Unset = UNSET
    video_strategy: UpdateTemplateBodyVideoStrategy | Unset = UNSET
    engine: UpdateTemplateBodyEngine | Unset = UNSET
    project_id: UUID | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        width = self.width

        height = self.height

        canvas_data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.canvas_data, Unset):
            canvas_data = self.canvas_data.to_dict()

        composition_html = self.composition_html

        placeholders: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.placeholders, Unset):
            placeholders = []
            for placeholders_item_data in self.placeholders:
                placeholders_item = placeholders_item_data.to_dict()
                placeholders.append(placeholders_item)

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

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

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if canvas_data is not UNSET:
            field_dict["canvas_data"] = canvas_data
        if composition_html is not UNSET:
            field_dict["composition_html"] = composition_html
        if placeholders is not UNSET:
            field_dict["placeholders"] = placeholders
        if format_ is not UNSET:
            field_dict["format"] = format_
        if video_strategy is not UNSET:
            field_dict["video_strategy"] = video_strategy
        if engine is not UNSET:
            field_dict["engine"] = engine
        if project_id is not UNSET:
            field_dict["project_id"] = project_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.placeholder import Placeholder
        from ..models.update_template_body_canvas_data import (
            UpdateTemplateBodyCanvasData,
        )

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        _canvas_data = d.pop("canvas_data", UNSET)
        canvas_data: UpdateTemplateBodyCanvasData | Unset
        if isinstance(_canvas_data, Unset):
            canvas_data = UNSET
        else:
            canvas_data = UpdateTemplateBodyCanvasData.from_dict(_canvas_data)

        composition_html = d.pop("composition_html", UNSET)

        _placeholders = d.pop("placeholders", UNSET)
        placeholders: list[Placeholder] | Unset = UNSET
        if _placeholders is not UNSET:
            placeholders = []
            for placeholders_item_data in _placeholders:
                placeholders_item = Placeholder.from_dict(placeholders_item_data)

                placeholders.append(placeholders_item)

        _format_ = d.pop("format", UNSET)
        format_: UpdateTemplateBodyFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = UpdateTemplateBodyFormat(_format_)

        _video_strategy = d.pop("video_strategy", UNSET)
        video_strategy: UpdateTemplateBodyVideoStrategy | Unset
        if isinstance(_video_strategy, Unset):
            video_strategy = UNSET
        else:
            video_strategy = UpdateTemplateBodyVideoStrategy(_video_strategy)

        _engine = d.pop("engine", UNSET)
        engine: UpdateTemplateBodyEngine | Unset
        if isinstance(_engine, Unset):
            engine = UNSET
        else:
            engine = UpdateTemplateBodyEngine(_engine)

        _project_id = d.pop("project_id", UNSET)
        project_id: UUID | Unset
        if isinstance(_project_id, Unset):
            project_id = UNSET
        else:
            project_id = UUID(_project_id)

        update_template_body = cls(
            name=name,
            width=width,
            height=height,
            canvas_data=canvas_data,
            composition_html=composition_html,
            placeholders=placeholders,
            format_=format_,
            video_strategy=video_strategy,
            engine=engine,
            project_id=project_id,
        )

        return update_template_body
