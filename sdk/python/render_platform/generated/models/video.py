from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.video_status import VideoStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.render_error import RenderError
    from ..models.render_metadata import RenderMetadata
    from ..models.render_warning import RenderWarning
    from ..models.video_audio_type_0 import VideoAudioType0
    from ..models.video_metadata import VideoMetadata
    from ..models.video_modifications_item import VideoModificationsItem
    from ..models.video_progress import VideoProgress


T = TypeVar("T", bound="Video")


@_attrs_define
class Video:
    """
    Attributes:
        id (UUID):
        org_id (UUID):
        template_id (UUID):
        template_version (int):
        status (VideoStatus):
        modifications (list[VideoModificationsItem]):
        created_at (datetime.datetime):
        object_ (Literal['video']):
        metadata (RenderMetadata | Unset): Free-form client data echoed from the request
        result_url (None | str | Unset):
        thumbnail_url (None | str | Unset):
        error (None | RenderError | Unset):
        duration_ms (int | None | Unset):
        webhook_url (None | str | Unset):
        webhook_id (None | Unset | UUID):
        collection_id (None | Unset | UUID):
        started_at (datetime.datetime | None | Unset):
        completed_at (datetime.datetime | None | Unset):
        duration_seconds (float | Unset):
        fps (int | Unset):
        width (int | Unset):
        height (int | Unset):
        progress (None | Unset | VideoProgress):
        audio (None | Unset | VideoAudioType0):
        video_metadata (None | Unset | VideoMetadata):
        warnings (list[RenderWarning] | None | Unset):
    """

    id: UUID
    org_id: UUID
    template_id: UUID
    template_version: int
    status: VideoStatus
    modifications: list[VideoModificationsItem]
    created_at: datetime.datetime
    object_: Literal["video"]
    metadata: RenderMetadata | Unset = UNSET
    result_url: None | str | Unset = UNSET
    thumbnail_url: None | str | Unset = UNSET
    error: None | RenderError | Unset = UNSET
    duration_ms: int | None | Unset = UNSET
    webhook_url: None | str | Unset = UNSET
    webhook_id: None | Unset | UUID = UNSET
    collection_id: None | Unset | UUID = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    completed_at: datetime.datetime | None | Unset = UNSET
    duration_seconds: float | Unset = UNSET
    fps: int | Unset = UNSET
    width: int | Unset = UNSET
    height: int | Unset = UNSET
    progress: None | Unset | VideoProgress = UNSET
    audio: None | Unset | VideoAudioType0 = UNSET
    video_metadata: None | Unset | VideoMetadata = UNSET
    warnings: list[RenderWarning] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.render_error import RenderError
        from ..models.video_audio_type_0 import VideoAudioType0
        from ..models.video_metadata import VideoMetadata
        from ..models.video_progress import VideoProgress

        id = str(self.id)

        org_id = str(self.org_id)

        template_id = str(self.template_id)

        template_version = self.template_version

        status = self.status.value

        modifications = []
        for modifications_item_data in self.modifications:
            modifications_item = modifications_item_data.to_dict()
            modifications.append(modifications_item)

        created_at = self.created_at.isoformat()

        object_ = self.object_

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        result_url: None | str | Unset
        if isinstance(self.result_url, Unset):
            result_url = UNSET
        else:
            result_url = self.result_url

        thumbnail_url: None | str | Unset
        if isinstance(self.thumbnail_url, Unset):
            thumbnail_url = UNSET
        else:
            thumbnail_url = self.thumbnail_url

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, RenderError):
            error = self.error.to_dict()
        else:
            error = self.error

        duration_ms: int | None | Unset
        if isinstance(self.duration_ms, Unset):
            duration_ms = UNSET
        else:
            duration_ms = self.duration_ms

        webhook_url: None | str | Unset
        if isinstance(self.webhook_url, Unset):
            webhook_url = UNSET
        else:
            webhook_url = self.webhook_url

        webhook_id: None | str | Unset
        if isinstance(self.webhook_id, Unset):
            webhook_id = UNSET
        elif isinstance(self.webhook_id, UUID):
            webhook_id = str(self.webhook_id)
        else:
            webhook_id = self.webhook_id

        collection_id: None | str | Unset
        if isinstance(self.collection_id, Unset):
            collection_id = UNSET
        elif isinstance(self.collection_id, UUID):
            collection_id = str(self.collection_id)
        else:
            collection_id = self.collection_id

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        elif isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        elif isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        duration_seconds = self.duration_seconds

        fps = self.fps

        width = self.width

        height = self.height

        progress: dict[str, Any] | None | Unset
        if isinstance(self.progress, Unset):
            progress = UNSET
        elif isinstance(self.progress, VideoProgress):
            progress = self.progress.to_dict()
        else:
            progress = self.progress

        audio: dict[str, Any] | None | Unset
        if isinstance(self.audio, Unset):
            audio = UNSET
        elif isinstance(self.audio, VideoAudioType0):
            audio = self.audio.to_dict()
        else:
            audio = self.audio

        video_metadata: dict[str, Any] | None | Unset
        if isinstance(self.video_metadata, Unset):
            video_metadata = UNSET
        elif isinstance(self.video_metadata, VideoMetadata):
            video_metadata = self.video_metadata.to_dict()
        else:
            video_metadata = self.video_metadata

        warnings: list[dict[str, Any]] | None | Unset
        if isinstance(self.warnings, Unset):
            warnings = UNSET
        elif isinstance(self.warnings, list):
            warnings = []
            for warnings_type_0_item_data in self.warnings:
                warnings_type_0_item = warnings_type_0_item_data.to_dict()
                warnings.append(warnings_type_0_item)

        else:
            warnings = self.warnings

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "org_id": org_id,
                "template_id": template_id,
                "template_version": template_version,
                "status": status,
                "modifications": modifications,
                "created_at": created_at,
                "object": object_,
            }
        )
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if result_url is not UNSET:
            field_dict["result_url"] = result_url
        if thumbnail_url is not UNSET:
            field_dict["thumbnail_url"] = thumbnail_url
        if error is not UNSET:
            field_dict["error"] = error
        if duration_ms is not UNSET:
            field_dict["duration_ms"] = duration_ms
        if webhook_url is not UNSET:
            field_dict["webhook_url"] = webhook_url
        if webhook_id is not UNSET:
            field_dict["webhook_id"] = webhook_id
        if collection_id is not UNSET:
            field_dict["collection_id"] = collection_id
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if completed_at is not UNSET:
            field_dict["completed_at"] = completed_at
        if duration_seconds is not UNSET:
            field_dict["duration_seconds"] = duration_seconds
        if fps is not UNSET:
            field_dict["fps"] = fps
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if progress is not UNSET:
            field_dict["progress"] = progress
        if audio is not UNSET:
            field_dict["audio"] = audio
        if video_metadata is not UNSET:
            field_dict["video_metadata"] = video_metadata
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.render_error import RenderError
        from ..models.render_metadata import RenderMetadata
        from ..models.render_warning import RenderWarning
        from ..models.video_audio_type_0 import VideoAudioType0
        from ..models.video_metadata import VideoMetadata
        from ..models.video_modifications_item import VideoModificationsItem
        from ..models.video_progress import VideoProgress

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        org_id = UUID(d.pop("org_id"))

        template_id = UUID(d.pop("template_id"))

        template_version = d.pop("template_version")

        status = VideoStatus(d.pop("status"))

        modifications = []
        _modifications = d.pop("modifications")
        for modifications_item_data in _modifications:
            modifications_item = VideoModificationsItem.from_dict(
                modifications_item_data
            )

            modifications.append(modifications_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        object_ = cast(Literal["video"], d.pop("object"))
        if object_ != "video":
            raise ValueError(f"object must match const 'video', got '{object_}'")

        _metadata = d.pop("metadata", UNSET)
        metadata: RenderMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = RenderMetadata.from_dict(_metadata)

        def _parse_result_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        result_url = _parse_result_url(d.pop("result_url", UNSET))

        def _parse_thumbnail_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thumbnail_url = _parse_thumbnail_url(d.pop("thumbnail_url", UNSET))

        def _parse_error(data: object) -> None | RenderError | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = RenderError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RenderError | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        def _parse_duration_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms", UNSET))

        def _parse_webhook_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        webhook_url = _parse_webhook_url(d.pop("webhook_url", UNSET))

        def _parse_webhook_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                webhook_id_type_0 = UUID(data)

                return webhook_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        webhook_id = _parse_webhook_id(d.pop("webhook_id", UNSET))

        def _parse_collection_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                collection_id_type_0 = UUID(data)

                return collection_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        collection_id = _parse_collection_id(d.pop("collection_id", UNSET))

        def _parse_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

        def _parse_completed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        completed_at = _parse_completed_at(d.pop("completed_at", UNSET))

        duration_seconds = d.pop("duration_seconds", UNSET)

        fps = d.pop("fps", UNSET)

        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        def _parse_progress(data: object) -> None | Unset | VideoProgress:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                progress_type_0 = VideoProgress.from_dict(data)

                return progress_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VideoProgress, data)

        progress = _parse_progress(d.pop("progress", UNSET))

        def _parse_audio(data: object) -> None | Unset | VideoAudioType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audio_type_0 = VideoAudioType0.from_dict(data)

                return audio_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VideoAudioType0, data)

        audio = _parse_audio(d.pop("audio", UNSET))

        def _parse_video_metadata(data: object) -> None | Unset | VideoMetadata:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                video_metadata_type_0 = VideoMetadata.from_dict(data)

                return video_metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VideoMetadata, data)

        video_metadata = _parse_video_metadata(d.pop("video_metadata", UNSET))

        def _parse_warnings(data: object) -> list[RenderWarning] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                warnings_type_0 = []
                _warnings_type_0 = data
                for warnings_type_0_item_data in _warnings_type_0:
                    warnings_type_0_item = RenderWarning.from_dict(
                        warnings_type_0_item_data
                    )

                    warnings_type_0.append(warnings_type_0_item)

                return warnings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RenderWarning] | None | Unset, data)

        warnings = _parse_warnings(d.pop("warnings", UNSET))

        video = cls(
            id=id,
            org_id=org_id,
            template_id=template_id,
            template_version=template_version,
            status=status,
            modifications=modifications,
            created_at=created_at,
            object_=object_,
            metadata=metadata,
            result_url=result_url,
            thumbnail_url=thumbnail_url,
            error=error,
            duration_ms=duration_ms,
            webhook_url=webhook_url,
            webhook_id=webhook_id,
            collection_id=collection_id,
            started_at=started_at,
            completed_at=completed_at,
            duration_seconds=duration_seconds,
            fps=fps,
            width=width,
            height=height,
            progress=progress,
            audio=audio,
            video_metadata=video_metadata,
            warnings=warnings,
        )

        video.additional_properties = d
        return video

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
