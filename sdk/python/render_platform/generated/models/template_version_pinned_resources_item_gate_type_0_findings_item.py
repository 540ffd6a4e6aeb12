from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TemplateVersionPinnedResourcesItemGateType0FindingsItem")


@_attrs_define
class TemplateVersionPinnedResourcesItemGateType0FindingsItem:
    """
    Attributes:
        reason (str):
        selector (None | str):
    """

    reason: str
    selector: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        selector: None | str
        selector = self.selector

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "selector": selector,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        reason = d.pop("reason")

        def _parse_selector(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        selector = _parse_selector(d.pop("selector"))

        template_version_pinned_resources_item_gate_type_0_findings_item = cls(
            reason=reason,
            selector=selector,
        )

        template_version_pinned_resources_item_gate_type_0_findings_item.additional_properties = d
        return template_version_pinned_resources_item_gate_type_0_findings_item

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
