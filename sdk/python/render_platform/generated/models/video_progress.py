from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VideoProgress")


@_attrs_define
class VideoProgress:
    """Frames encoded so far while rendering; percent is 0-100

    Attributes:
        frames_done (int | Unset):
        frames_total (int | Unset):
        percent (int | Unset):
    """

    frames_done: int | Unset = UNSET
    frames_total: int | Unset = UNSET
    percent: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        frames_done = self.frames_done

        frames_total = self.frames_total

        percent = self.percent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if frames_done is not UNSET:
            field_dict["frames_done"] = frames_done
        if frames_total is not UNSET:
            field_dict["frames_total"] = frames_total
        if percent is not UNSET:
            field_dict["percent"] = percent

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        frames_done = d.pop("frames_done", UNSET)

        frames_total = d.pop("frames_total", UNSET)

        percent = d.pop("percent", UNSET)

        video_progress = cls(
            frames_done=frames_done,
            frames_total=frames_total,
            percent=percent,
        )

        video_progress.additional_properties = d
        return video_progress

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
