from enum import StrEnum


class DesignBoxMotionPreset(StrEnum):
    FADE = "fade"
    SCALE = "scale"
    SLIDE = "slide"
    WIPE = "wipe"

    def __str__(self) -> str:
        return str(self.value)
