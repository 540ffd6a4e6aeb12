from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.template_version_parity_engine import TemplateVersionParityEngine

if TYPE_CHECKING:
    from ..models.template_version_parity_samples_item import (
        TemplateVersionParitySamplesItem,
    )
    from ..models.template_version_parity_threshold_type_0 import (
        TemplateVersionParityThresholdType0,
    )


T = TypeVar("T", bound="TemplateVersionParity")


@_attrs_define
class TemplateVersionParity:
    """The parity check of a version (docs/engines.md): each sample's figures with its Chromium render, native render and
    difference view.

        Attributes:
            template_id (UUID):
            version (int):
            engine (TemplateVersionParityEngine):
            reason (None | str):
            threshold (None | TemplateVersionParityThresholdType0):
            samples (list[TemplateVersionParitySamplesItem]):
    """

    template_id: UUID
    version: int
    engine: TemplateVersionParityEngine
    reason: None | str
    threshold: None | TemplateVersionParityThresholdType0
    samples: list[TemplateVersionParitySamplesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.template_version_parity_threshold_type_0 import (
            TemplateVersionParityThresholdType0,
        )

        template_id = str(self.template_id)

        version = self.version

        engine = self.engine.value

        reason: None | str
        reason = self.reason

        threshold: dict[str, Any] | None
        if isinstance(self.threshold, TemplateVersionParityThresholdType0):
            threshold = self.threshold.to_dict()
        else:
            threshold = self.threshold

        samples = []
        for samples_item_data in self.samples:
            samples_item = samples_item_data.to_dict()
            samples.append(samples_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "template_id": template_id,
                "version": version,
                "engine": engine,
                "reason": reason,
                "threshold": threshold,
                "samples": samples,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.template_version_parity_samples_item import (
            TemplateVersionParitySamplesItem,
        )
        from ..models.template_version_parity_threshold_type_0 import (
            TemplateVersionParityThresholdType0,
        )

        d = dict(src_dict)
        template_id = UUID(d.pop("template_id"))

        version = d.pop("version")

        engine = TemplateVersionParityEngine(d.pop("engine"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        def _parse_threshold(
            data: object,
        ) -> None | TemplateVersionParityThresholdType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                threshold_type_0 = TemplateVersionParityThresholdType0.from_dict(data)

                return threshold_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateVersionParityThresholdType0, data)

        threshold = _parse_threshold(d.pop("threshold"))

        samples = []
        _samples = d.pop("samples")
        for samples_item_data in _samples:
            samples_item = TemplateVersionParitySamplesItem.from_dict(samples_item_data)

            samples.append(samples_item)

        template_version_parity = cls(
            template_id=template_id,
            version=version,
            engine=engine,
            reason=reason,
            threshold=threshold,
            samples=samples,
        )

        template_version_parity.additional_properties = d
        return template_version_parity

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
