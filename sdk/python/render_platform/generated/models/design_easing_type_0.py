from enum import StrEnum


class DesignEasingType0(StrEnum):
    EASE = "ease"
    EASE_IN = "ease-in"
    EASE_IN_OUT = "ease-in-out"
    EASE_OUT = "ease-out"
    LINEAR = "linear"
    STEP_END = "step-end"
    STEP_START = "step-start"

    def __str__(self) -> str:
        return str(self.value)
