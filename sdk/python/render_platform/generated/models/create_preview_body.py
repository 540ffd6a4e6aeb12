from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.modification import Modification
    from ..models.preview_template import PreviewTemplate


T = TypeVar("T", bound="CreatePreviewBody")


@_attrs_define
class CreatePreviewBody:
    """Either `template` (unsaved content) or `template_id` (a saved template, optionally at `version`).

    Attributes:
        template (PreviewTemplate | Unset):
        template_id (UUID | Unset): A saved template of this org.
        version (int | Unset): With template_id: the version to preview (default: current).
        modifications (list[Modification] | Unset):
        time_seconds (float | Unset): Video templates only: the frame shown at this time (default 0); must lie inside
            the template duration.
    """

    template: PreviewTemplate | Unset = UNSET
    template_id: UUID | Unset = UNSET
    version: int | Unset = UNSET
    modifications: list[Modification] | Unset = UNSET
    time_seconds: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template: dict[str, Any] | Unset = UNSET
        if not isinstance(self.template, Unset):
            template = self.template.to_dict()

        template_id: str | Unset = UNSET
        if not isinstance(self.template_id, Unset):
            template_id = str(self.template_id)

        version = self.version

        modifications: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.modifications, Unset):
            modifications = []
            for modifications_item_data in self.modifications:
                modifications_item = modifications_item_data.to_dict()
                modifications.append(modifications_item)

        time_seconds = self.time_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if template is not UNSET:
            field_dict["template"] = template
        if template_id is not UNSET:
            field_dict["template_id"] = template_id
        if version is not UNSET:
            field_dict["version"] = version
        if modifications is not UNSET:
            field_dict["modifications"] = modifications
        if time_seconds is not UNSET:
            field_dict["time_seconds"] = time_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.modification import Modification
        from ..models.preview_template import PreviewTemplate

        d = dict(src_dict)
        _template = d.pop("template", UNSET)
        template: PreviewTemplate | Unset
        if isinstance(_template, Unset):
            template = UNSET
        else:
            template = PreviewTemplate.from_dict(_template)

        _template_id = d.pop("template_id", UNSET)
        template_id: UUID | Unset
        if isinstance(_template_id, Unset):
            template_id = UNSET
        else:
            template_id = UUID(_template_id)

        version = d.pop("version", UNSET)

        _modifications = d.pop("modifications", UNSET)
        modifications: list[Modification] | Unset = UNSET
        if _modifications is not UNSET:
            modifications = []
            for modifications_item_data in _modifications:
                modifications_item = Modification.from_dict(modifications_item_data)

                modifications.append(modifications_item)

        time_seconds = d.pop("time_seconds", UNSET)

        create_preview_body = cls(
            template=template,
            template_id=template_id,
            version=version,
            modifications=modifications,
            time_seconds=time_seconds,
        )

        return create_preview_body
