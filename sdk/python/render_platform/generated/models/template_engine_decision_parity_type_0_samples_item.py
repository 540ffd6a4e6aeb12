from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TemplateEngineDecisionParityType0SamplesItem")


@_attrs_define
class TemplateEngineDecisionParityType0SamplesItem:
    """
    Attributes:
        sample (str):
        ssim (float):
        psnr (float | None):
        ssim_region (float | Unset): the SSIM of the sample's worst 64-pixel region, each region at its best alignment
            within one pixel
        chromium_ms (float | Unset):
        native_ms (float | Unset):
    """

    sample: str
    ssim: float
    psnr: float | None
    ssim_region: float | Unset = UNSET
    chromium_ms: float | Unset = UNSET
    native_ms: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sample = self.sample

        ssim = self.ssim

        psnr: float | None
        psnr = self.psnr

        ssim_region = self.ssim_region

        chromium_ms = self.chromium_ms

        native_ms = self.native_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sample": sample,
                "ssim": ssim,
                "psnr": psnr,
            }
        )
        if ssim_region is not UNSET:
            field_dict["ssim_region"] = ssim_region
        if chromium_ms is not UNSET:
            field_dict["chromium_ms"] = chromium_ms
        if native_ms is not UNSET:
            field_dict["native_ms"] = native_ms

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sample = d.pop("sample")

        ssim = d.pop("ssim")

        def _parse_psnr(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        psnr = _parse_psnr(d.pop("psnr"))

        ssim_region = d.pop("ssim_region", UNSET)

        chromium_ms = d.pop("chromium_ms", UNSET)

        native_ms = d.pop("native_ms", UNSET)

        template_engine_decision_parity_type_0_samples_item = cls(
            sample=sample,
            ssim=ssim,
            psnr=psnr,
            ssim_region=ssim_region,
            chromium_ms=chromium_ms,
            native_ms=native_ms,
        )

        template_engine_decision_parity_type_0_samples_item.additional_properties = d
        return template_engine_decision_parity_type_0_samples_item

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
