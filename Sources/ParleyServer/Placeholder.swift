enum ParleyServerPlaceholder {}
