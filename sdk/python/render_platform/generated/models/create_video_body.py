from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.audio_track import AudioTrack
    from ..models.create_video_body_metadata import CreateVideoBodyMetadata
    from ..models.modification import Modification


T = TypeVar("T", bound="CreateVideoBody")


@_attrs_define
class CreateVideoBody:
    """
    Attributes:
        template_id (UUID):
        modifications (list[Modification] | Unset):
        duration_seconds (float | Unset): Defaults to the template canvas_data.duration_seconds, else 5
        fps (int | Unset): Defaults to the template canvas_data.fps, else 30. gif templates: at most 25.
        audio (AudioTrack | Unset): A soundtrack under the video (mp4: AAC, webm: Opus; a gif with audio answers 422).
            Cut or looped to the video's duration and mixed in after the chunks are joined. At most 26214400 bytes are
            downloaded.
        webhook_url (str | Unset): Receives `image.completed`/`image.failed` (or video.*) as a signed delivery; see
            docs/webhooks.md
        metadata (CreateVideoBodyMetadata | Unset): Free-form client data echoed back on the record (max 16 KiB)
    """

    template_id: UUID
    modifications: list[Modification] | Unset = UNSET
    duration_seconds: float | Unset = UNSET
    fps: int | Unset = UNSET
    audio: AudioTrack | Unset = UNSET
    webhook_url: str | Unset = UNSET
    metadata: CreateVideoBodyMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template_id = str(self.template_id)

        modifications: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.modifications, Unset):
            modifications = []
            for modifications_item_data in self.modifications:
                modifications_item = modifications_item_data.to_dict()
                modifications.append(modifications_item)

        duration_seconds = self.duration_seconds

        fps = self.fps

        audio: dict[str, Any] | Unset = UNSET
        if not isinstance(self.audio, Unset):
            audio = self.audio.to_dict()

        webhook_url = self.webhook_url

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "template_id": template_id,
            }
        )
        if modifications is not UNSET:
            field_dict["modifications"] = modifications
        if duration_seconds is not UNSET:
            field_dict["duration_seconds"] = duration_seconds
        if fps is not UNSET:
            field_dict["fps"] = fps
        if audio is not UNSET:
            field_dict["audio"] = audio
        if webhook_url is not UNSET:
            field_dict["webhook_url"] = webhook_url
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audio_track import AudioTrack
        from ..models.create_video_body_metadata import CreateVideoBodyMetadata
        from ..models.modification import Modification

        d = dict(src_dict)
        template_id = UUID(d.pop("template_id"))

        _modifications = d.pop("modifications", UNSET)
        modifications: list[Modification] | Unset = UNSET
        if _modifications is not UNSET:
            modifications = []
            for modifications_item_data in _modifications:
                modifications_item = Modification.from_dict(modifications_item_data)

                modifications.append(modifications_item)

        duration_seconds = d.pop("duration_seconds", UNSET)

        fps = d.pop("fps", UNSET)

        _audio = d.pop("audio", UNSET)
        audio: AudioTrack | Unset
        if isinstance(_audio, Unset):
            audio = UNSET
        else:
            audio = AudioTrack.from_dict(_audio)

        webhook_url = d.pop("webhook_url", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: CreateVideoBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CreateVideoBodyMetadata.from_dict(_metadata)

        create_video_body = cls(
            template_id=template_id,
            modifications=modifications,
            duration_seconds=duration_seconds,
            fps=fps,
            audio=audio,
            webhook_url=webhook_url,
            metadata=metadata,
        )

        return create_video_body
