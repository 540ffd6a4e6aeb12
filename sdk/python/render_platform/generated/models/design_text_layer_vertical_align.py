from enum import StrEnum


class DesignTextLayerVerticalAlign(StrEnum):
    BOTTOM = "bottom"
    MIDDLE = "middle"
    TOP = "top"

    def __str__(self) -> str:
        return str(self.value)
