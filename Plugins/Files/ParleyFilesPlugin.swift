/// The built-in `files` plugin.
public enum ParleyFilesPlugin {}
