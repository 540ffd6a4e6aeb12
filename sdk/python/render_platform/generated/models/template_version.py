from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.template_version_engine import TemplateVersionEngine
from ..models.template_version_format import TemplateVersionFormat
from ..models.template_version_source import TemplateVersionSource
from ..models.template_version_type import TemplateVersionType
from ..models.template_version_video_strategy import TemplateVersionVideoStrategy

if TYPE_CHECKING:
    from ..models.render_warning import RenderWarning
    from ..models.template_version_canvas_data import TemplateVersionCanvasData
    from ..models.template_version_engine_decision import TemplateVersionEngineDecision
    from ..models.template_version_pinned_resources_item import (
        TemplateVersionPinnedResourcesItem,
    )
    from ..models.template_version_placeholders_item import (
        TemplateVersionPlaceholdersItem,
    )


T = TypeVar("T", bound="TemplateVersion")


@_attrs_define
class TemplateVersion:
    """Immutable snapshot of a template's rendering content; renders pin one.

    Attributes:
        template_id (UUID):
        org_id (UUID):
        version (int):
        type_ (TemplateVersionType):
        format_ (TemplateVersionFormat):
        width (int):
        height (int):
        canvas_data (TemplateVersionCanvasData):
        composition_html (str):
        placeholders (list[TemplateVersionPlaceholdersItem]):
        video_strategy (TemplateVersionVideoStrategy):
        engine (TemplateVersionEngine): The engine the author asked for (`auto`, `chromium`, `native`).
        engine_decision (TemplateVersionEngineDecision): What renders of this version use and why (reason codes in
            docs/engines.md).
        warnings (list[RenderWarning]): What the save noticed about the template's own images and fonts that will not
            load (docs/templates.md "Warnings at save"), judged from the HTML and the pinned resources: `image_failed` for
            an image that cannot load (a relative URL, one not pinned), saying whether renders go on without it (it is
            hidden) or fail (it is shown); `font_load_failed` for an @font-face none of whose sources can load, whose text
            renders in the next family of its font-family list. A template's are its current version's; [] for versions
            saved before these were recorded.
        source (TemplateVersionSource): `design`: canvas_data holds a design document and composition_html is compiled
            from it (the studio's visual editor opens it); `html`: composition_html is written by hand.
        pinned_resources (list[TemplateVersionPinnedResourcesItem]): What the version loads from elsewhere, fetched and
            stored when it was saved (docs/pinning.md); renders use these bytes and never fetch the URLs again.
        created_at (datetime.datetime):
    """

    template_id: UUID
    org_id: UUID
    version: int
    type_: TemplateVersionType
    format_: TemplateVersionFormat
    width: int
    height: int
    canvas_data: TemplateVersionCanvasData
    composition_html: str
    placeholders: list[TemplateVersionPlaceholdersItem]
    video_strategy: TemplateVersionVideoStrategy
    engine: TemplateVersionEngine
    engine_decision: TemplateVersionEngineDecision
    warnings: list[RenderWarning]
    source: TemplateVersionSource
    pinned_resources: list[TemplateVersionPinnedResourcesItem]
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        template_id = str(self.template_id)

        org_id = str(self.org_id)

        version = self.version

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

        pinned_resources = []
        for pinned_resources_item_data in self.pinned_resources:
            pinned_resources_item = pinned_resources_item_data.to_dict()
            pinned_resources.append(pinned_resources_item)

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "template_id": template_id,
                "org_id": org_id,
                "version": version,
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
                "pinned_resources": pinned_resources,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.render_warning import RenderWarning
        from ..models.template_version_canvas_data import TemplateVersionCanvasData
        from ..models.template_version_engine_decision import (
            TemplateVersionEngineDecision,
        )
        from ..models.template_version_pinned_resources_item import (
            TemplateVersionPinnedResourcesItem,
        )
        from ..models.template_version_placeholders_item import (
            TemplateVersionPlaceholdersItem,
        )

        d = dict(src_dict)
        template_id = UUID(d.pop("template_id"))

        org_id = UUID(d.pop("org_id"))

        version = d.pop("version")

        type_ = TemplateVersionType(d.pop("type"))

        format_ = TemplateVersionFormat(d.pop("format"))

        width = d.pop("width")

        height = d.pop("height")

        canvas_data = TemplateVersionCanvasData.from_dict(d.pop("canvas_data"))

        composition_html = d.pop("composition_html")

        placeholders = []
        _placeholders = d.pop("placeholders")
        for placeholders_item_data in _placeholders:
            placeholders_item = TemplateVersionPlaceholdersItem.from_dict(
                placeholders_item_data
            )

            placeholders.append(placeholders_item)

        video_strategy = TemplateVersionVideoStrategy(d.pop("video_strategy"))

        engine = TemplateVersionEngine(d.pop("engine"))

        engine_decision = TemplateVersionEngineDecision.from_dict(
            d.pop("engine_decision")
        )

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = RenderWarning.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        source = TemplateVersionSource(d.pop("source"))

        pinned_resources = []
        _pinned_resources = d.pop("pinned_resources")
        for pinned_resources_item_data in _pinned_resources:
            pinned_resources_item = TemplateVersionPinnedResourcesItem.from_dict(
                pinned_resources_item_data
            )

            pinned_resources.append(pinned_resources_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        template_version = cls(
            template_id=template_id,
            org_id=org_id,
            version=version,
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
            pinned_resources=pinned_resources,
            created_at=created_at,
        )

        template_version.additional_properties = d
        return template_version

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
