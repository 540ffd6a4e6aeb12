from enum import StrEnum


class PreviewTemplateFormat(StrEnum):
    GIF = "gif"
    JPEG = "jpeg"
    MP4 = "mp4"
    PDF = "pdf"
    PNG = "png"
    WEBM = "webm"
    WEBP = "webp"

    def __str__(self) -> str:
        return str(self.value)
