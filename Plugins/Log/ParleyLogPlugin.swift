/// The built-in `log` plugin.
public enum ParleyLogPlugin {}
