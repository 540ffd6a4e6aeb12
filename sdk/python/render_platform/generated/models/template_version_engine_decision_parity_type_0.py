from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.template_version_engine_decision_parity_type_0_metric import (
    TemplateVersionEngineDecisionParityType0Metric,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.template_version_engine_decision_parity_type_0_samples_item import (
        TemplateVersionEngineDecisionParityType0SamplesItem,
    )
    from ..models.template_version_engine_decision_parity_type_0_threshold import (
        TemplateVersionEngineDecisionParityType0Threshold,
    )


T = TypeVar("T", bound="TemplateVersionEngineDecisionParityType0")


@_attrs_define
class TemplateVersionEngineDecisionParityType0:
    """The figures of the parity check: SSIM and PSNR of the native render against Chromium's, per sample, and the SSIM of
    each sample's worst 64-pixel region (`ssim_region`), which a line of text drawn differently lowers where the whole
    image's figures barely move.

        Attributes:
            metric (TemplateVersionEngineDecisionParityType0Metric):
            threshold (TemplateVersionEngineDecisionParityType0Threshold):
            samples (list[TemplateVersionEngineDecisionParityType0SamplesItem]):
            min_ssim (float):
            min_psnr (float | None):
            min_ssim_region (float | Unset):
            native_version (str | Unset):
    """

    metric: TemplateVersionEngineDecisionParityType0Metric
    threshold: TemplateVersionEngineDecisionParityType0Threshold
    samples: list[TemplateVersionEngineDecisionParityType0SamplesItem]
    min_ssim: float
    min_psnr: float | None
    min_ssim_region: float | Unset = UNSET
    native_version: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        metric = self.metric.value

        threshold = self.threshold.to_dict()

        samples = []
        for samples_item_data in self.samples:
            samples_item = samples_item_data.to_dict()
            samples.append(samples_item)

        min_ssim = self.min_ssim

        min_psnr: float | None
        min_psnr = self.min_psnr

        min_ssim_region = self.min_ssim_region

        native_version = self.native_version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "metric": metric,
                "threshold": threshold,
                "samples": samples,
                "min_ssim": min_ssim,
                "min_psnr": min_psnr,
            }
        )
        if min_ssim_region is not UNSET:
            field_dict["min_ssim_region"] = min_ssim_region
        if native_version is not UNSET:
            field_dict["native_version"] = native_version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.template_version_engine_decision_parity_type_0_samples_item import (
            TemplateVersionEngineDecisionParityType0SamplesItem,
        )
        from ..models.template_version_engine_decision_parity_type_0_threshold import (
            TemplateVersionEngineDecisionParityType0Threshold,
        )

        d = dict(src_dict)
        metric = TemplateVersionEngineDecisionParityType0Metric(d.pop("metric"))

        threshold = TemplateVersionEngineDecisionParityType0Threshold.from_dict(
            d.pop("threshold")
        )

        samples = []
        _samples = d.pop("samples")
        for samples_item_data in _samples:
            samples_item = (
                TemplateVersionEngineDecisionParityType0SamplesItem.from_dict(
                    samples_item_data
                )
            )

            samples.append(samples_item)

        min_ssim = d.pop("min_ssim")

        def _parse_min_psnr(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        min_psnr = _parse_min_psnr(d.pop("min_psnr"))

        min_ssim_region = d.pop("min_ssim_region", UNSET)

        native_version = d.pop("native_version", UNSET)

        template_version_engine_decision_parity_type_0 = cls(
            metric=metric,
            threshold=threshold,
            samples=samples,
            min_ssim=min_ssim,
            min_psnr=min_psnr,
            min_ssim_region=min_ssim_region,
            native_version=native_version,
        )

        template_version_engine_decision_parity_type_0.additional_properties = d
        return template_version_engine_decision_parity_type_0

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
