from enum import StrEnum


class DesignShapeLayerType(StrEnum):
    ELLIPSE = "ellipse"
    RECT = "rect"

    def __str__(self) -> str:
        return str(self.value)
