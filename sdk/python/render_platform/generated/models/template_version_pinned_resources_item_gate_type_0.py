from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.template_version_pinned_resources_item_gate_type_0_findings_item import (
        TemplateVersionPinnedResourcesItemGateType0FindingsItem,
    )


T = TypeVar("T", bound="TemplateVersionPinnedResourcesItemGateType0")


@_attrs_define
class TemplateVersionPinnedResourcesItemGateType0:
    """A pinned stylesheet only: the static gate's verdict of it, judged when it was pinned (docs/pinning.md). `findings`:
    the reasons it gives the native engine, each with the selector of the rule carrying it (null: whatever the
    document), only those whose selector matches an element of the version's HTML (at most 20); the gate refuses the
    native engine only on a finding whose selector matches. `rules`: its style rules; `unmatched_rules`: those that
    match no element and so decide nothing.

        Attributes:
            findings (list[TemplateVersionPinnedResourcesItemGateType0FindingsItem]):
            rules (int):
            unmatched_rules (int):
    """

    findings: list[TemplateVersionPinnedResourcesItemGateType0FindingsItem]
    rules: int
    unmatched_rules: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        findings = []
        for findings_item_data in self.findings:
            findings_item = findings_item_data.to_dict()
            findings.append(findings_item)

        rules = self.rules

        unmatched_rules = self.unmatched_rules

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "findings": findings,
                "rules": rules,
                "unmatched_rules": unmatched_rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.template_version_pinned_resources_item_gate_type_0_findings_item import (
            TemplateVersionPinnedResourcesItemGateType0FindingsItem,
        )

        d = dict(src_dict)
        findings = []
        _findings = d.pop("findings")
        for findings_item_data in _findings:
            findings_item = (
                TemplateVersionPinnedResourcesItemGateType0FindingsItem.from_dict(
                    findings_item_data
                )
            )

            findings.append(findings_item)

        rules = d.pop("rules")

        unmatched_rules = d.pop("unmatched_rules")

        template_version_pinned_resources_item_gate_type_0 = cls(
            findings=findings,
            rules=rules,
            unmatched_rules=unmatched_rules,
        )

        template_version_pinned_resources_item_gate_type_0.additional_properties = d
        return template_version_pinned_resources_item_gate_type_0

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
