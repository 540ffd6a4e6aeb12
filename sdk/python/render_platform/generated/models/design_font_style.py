from enum import StrEnum


class DesignFontStyle(StrEnum):
    ITALIC = "italic"
    NORMAL = "normal"

    def __str__(self) -> str:
        return str(self.value)
