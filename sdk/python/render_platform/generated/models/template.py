from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.template_engine import TemplateEngine
from ..models.template_format import TemplateFormat
from ..models.template_source import TemplateSource
from ..models.template_type import TemplateType
from ..models.template_video_strategy import TemplateVideoStrategy

if TYPE_CHECKING:
    from ..models.render_warning import RenderWarning
    from ..models.template_canvas_data import TemplateCanvasData
    from ..models.template_engine_decision import TemplateEngineDecision
    from ..models.template_placeholders_item import TemplatePlaceholdersItem


T = TypeVar("T", bound="Template")


@_attrs_define
class Template:
    """
    Attributes:
        id (UUID):
        project_id (UUID):
        org_id (UUID):
        name (str):
        type_ (TemplateType):
        format_ (TemplateFormat):
        width (int):
        height (int):
        canvas_data (TemplateCanvasData):
        composition_html (str):
        placeholders (list[TemplatePlaceholdersItem]):
        video_strategy (TemplateVideoStrategy):
        engine (TemplateEngine): The engine the author asked for (`auto`, `chromium`, `native`).
        engine_decision (TemplateEngineDecision): What renders of this version use and why (reason codes in
            docs/engines.md).
        warnings (list[RenderWarning]): What the save noticed about the template's own images and fonts that will not
            load (docs/templates.md "Warnings at save"), judged from the HTML and the pinned resources: `image_failed` for
            an image that cannot load (a relative URL, one not pinned), saying whether renders go on without it (it is
            hidden) or fail (it is shown); `font_load_failed` for an @font-face none of whose sources can load, whose text
            renders in the next family of its font-family list. A template's are its current version's; [] for versions
            saved before these were recorded.
        source (TemplateSource): `design`: canvas_data holds a design document and composition_html is compiled from it
            (the studio's visual editor opens it); `html`: composition_html is written by hand.
        is_published (bool):
        current_version (int):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    project_id: UUID
    org_id: UUID
    name: str
    type_: TemplateType
    format_: TemplateFormat
    width: int
    height: int
    canvas_data: TemplateCanvasData
    composition_html: str
    placeholders: list[TemplatePlaceholdersItem]
    video_strategy: TemplateVideoStrategy
    engine: TemplateEngine
    engine_decision: TemplateEngineDecision
    warnings: list[RenderWarning]
    source: TemplateSource
    is_published: bool
    current_version: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        project_id = str(self.project_id)

        org_id = str(self.org_id)

        name = self.name

        type_ = self.type_.value

        format_ = self.format_.value

        width = self.width

        height = self.height

        canvas_data = self.canvas_data.to_dict()

        composition_html = self.composition_html

        placeholders = []
        for placeholders_item_data in self.placeholders:
            placeholders_item = placeholders_item_data.to_dict()
            placeholders.append(placeholders_item)

        video_strategy = self.video_strategy.value

        engine = self.engine.value

        engine_decision = self.engine_decision.to_dict()

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        source = self.source.value

        is_published = self.is_published

        current_version = self.current_version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "project_id": project_id,
                "org_id": org_id,
                "name": name,
                "type": type_,
                "format": format_,
                "width": width,
                "height": height,
                "canvas_data": canvas_data,
                "composition_html": composition_html,
                "placeholders": placeholders,
                "video_strategy": video_strategy,
                "engine": engine,
                "engine_decision": engine_decision,
                "warnings": warnings,
                "source": source,
                "is_published": is_published,
                "current_version": current_version,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.render_warning import RenderWarning
        from ..models.template_canvas_data import TemplateCanvasData
        from ..models.template_engine_decision import TemplateEngineDecision
        from ..models.template_placeholders_item import TemplatePlaceholdersItem

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        project_id = UUID(d.pop("project_id"))

        org_id = UUID(d.pop("org_id"))

        name = d.pop("name")

        type_ = TemplateType(d.pop("type"))

        format_ = TemplateFormat(d.pop("format"))

        width = d.pop("width")

        height = d.pop("height")

        canvas_data = TemplateCanvasData.from_dict(d.pop("canvas_data"))

        composition_html = d.pop("composition_html")

        placeholders = []
        _placeholders = d.pop("placeholders")
        for placeholders_item_data in _placeholders:
            placeholders_item = TemplatePlaceholdersItem.from_dict(
                placeholders_item_data
            )

            placeholders.append(placeholders_item)

        video_strategy = TemplateVideoStrategy(d.pop("video_strategy"))

        engine = TemplateEngine(d.pop("engine"))

        engine_decision = TemplateEngineDecision.from_dict(d.pop("engine_decision"))

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = RenderWarning.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        source = TemplateSource(d.pop("source"))

        is_published = d.pop("is_published")

        current_version = d.pop("current_version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        template = cls(
            id=id,
            project_id=project_id,
            org_id=org_id,
            name=name,
            type_=type_,
            format_=format_,
            width=width,
            height=height,
            canvas_data=canvas_data,
            composition_html=composition_html,
            placeholders=placeholders,
            video_strategy=video_strategy,
            engine=engine,
            engine_decision=engine_decision,
            warnings=warnings,
            source=source,
            is_published=is_published,
            current_version=current_version,
            created_at=created_at,
            updated_at=updated_at,
        )

        template.additional_properties = d
        return template

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
