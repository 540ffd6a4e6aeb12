from enum import StrEnum


class RenderWarningCode(StrEnum):
    FONT_LOAD_FAILED = "font_load_failed"
    GLYPH_MISSING = "glyph_missing"
    IMAGE_FAILED = "image_failed"
    IMAGE_MISSING = "image_missing"
    IMAGE_UPSCALED = "image_upscaled"
    TEXT_OVERFLOW = "text_overflow"

    def __str__(self) -> str:
        return str(self.value)
