from enum import StrEnum


class DesignTextLayerAlign(StrEnum):
    CENTER = "center"
    JUSTIFY = "justify"
    LEFT = "left"
    RIGHT = "right"

    def __str__(self) -> str:
        return str(self.value)
