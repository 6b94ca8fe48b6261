/// The embedded simulator agent (DESIGN section 5).
public enum ParleySimulator {}
