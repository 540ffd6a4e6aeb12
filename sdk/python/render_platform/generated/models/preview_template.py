from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.preview_template_engine import PreviewTemplateEngine
from ..models.preview_template_format import PreviewTemplateFormat
from ..models.preview_template_type import PreviewTemplateType
from ..models.preview_template_video_strategy import PreviewTemplateVideoStrategy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.placeholder import Placeholder
    from ..models.preview_template_canvas_data import PreviewTemplateCanvasData


T = TypeVar("T", bound="PreviewTemplate")


@_attrs_define
class PreviewTemplate:
    """
    Attributes:
        type_ (PreviewTemplateType):
        width (int):
        height (int):
        format_ (PreviewTemplateFormat | Unset): png, jpeg, webp or pdf (one vector page of the template size, text
            selectable) for image templates; mp4 (H.264), webm (VP9, with alpha when canvas_data.transparent) or gif (at
            most 25 fps and 1280 px on each edge) for video templates. Defaults to png (image) or mp4 (video).
        composition_html (str | Unset): The HTML document that is rendered; see docs/templates.md for the data-
            placeholder binding language. Required unless canvas_data has `layers`: a designed template's HTML is compiled
            from them (leave it out; one sent must equal the compiled HTML).
        canvas_data (PreviewTemplateCanvasData | Unset): Free-form editor data. For video templates `duration_seconds`
            (0.5-60) and `fps` (integer 10-60; gif at most 25) are the defaults a video request falls back to (else 5 s and
            30 fps). `transparent: true` keeps the page background transparent (png, webp, webm only; webm then carries
            alpha as yuva420p). Image templates may declare size variants, `variants: [{name, width, height, format?}]`
            (1-10, names a-z0-9_-, each within the size caps), which a render asks for by name (docs/renders.md). With
            `layers` it is a design document (docs/templates.md "Designed templates"): the template is designed, and its
            composition_html and placeholders are compiled from it at save.
        placeholders (list[Placeholder] | Unset):
        video_strategy (PreviewTemplateVideoStrategy | Unset): How video frames are captured: `auto` (default: `begin-
            frame` where the render worker supports it, else `screenshot`), `screenshot` (portable) or `begin-frame` (the
            compositor draws only on command; fastest).
        engine (PreviewTemplateEngine | Unset): Which engine renders the template (docs/engines.md). `auto` (default for
            new templates): the platform decides per version; a static gate sends it to Chromium with a reason code when it
            has what the native engine does not draw, else a parity check renders it through both engines and keeps the
            native engine only when every sample meets the threshold. `chromium` or `native` force one; `native` answers 422
            (field `engine`) naming the reason when the static gate rules it out. A change creates a new version. Defaults
            to auto.
    """

    type_: PreviewTemplateType
    width: int
    height: int
    format_: PreviewTemplateFormat | Unset = UNSET
    composition_html: str | Unset = UNSET
    canvas_data: PreviewTemplateCanvasData | Unset = UNSET
    placeholders: list[Placeholder] | Unset = UNSET
    video_strategy: PreviewTemplateVideoStrategy | Unset = UNSET
    engine: PreviewTemplateEngine | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
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

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.placeholder import Placeholder
        from ..models.preview_template_canvas_data import PreviewTemplateCanvasData

        d = dict(src_dict)
        type_ = PreviewTemplateType(d.pop("type"))

        width = d.pop("width")

        height = d.pop("height")

        _format_ = d.pop("format", UNSET)
        format_: PreviewTemplateFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = PreviewTemplateFormat(_format_)

        composition_html = d.pop("composition_html", UNSET)

        _canvas_data = d.pop("canvas_data", UNSET)
        canvas_data: PreviewTemplateCanvasData | Unset
        if isinstance(_canvas_data, Unset):
            canvas_data = UNSET
        else:
            canvas_data = PreviewTemplateCanvasData.from_dict(_canvas_data)

        _placeholders = d.pop("placeholders", UNSET)
        placeholders: list[Placeholder] | Unset = UNSET
        if _placeholders is not UNSET:
            placeholders = []
            for placeholders_item_data in _placeholders:
                placeholders_item = Placeholder.from_dict(placeholders_item_data)

                placeholders.append(placeholders_item)

        _video_strategy = d.pop("video_strategy", UNSET)
        video_strategy: PreviewTemplateVideoStrategy | Unset
        if isinstance(_video_strategy, Unset):
            video_strategy = UNSET
        else:
            video_strategy = PreviewTemplateVideoStrategy(_video_strategy)

        _engine = d.pop("engine", UNSET)
        engine: PreviewTemplateEngine | Unset
        if isinstance(_engine, Unset):
            engine = UNSET
        else:
            engine = PreviewTemplateEngine(_engine)

        preview_template = cls(
            type_=type_,
            width=width,
            height=height,
            format_=format_,
            composition_html=composition_html,
            canvas_data=canvas_data,
            placeholders=placeholders,
            video_strategy=video_strategy,
            engine=engine,
        )

        return preview_template
