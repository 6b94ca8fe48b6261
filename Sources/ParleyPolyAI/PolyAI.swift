/// The PolyAI messaging connector (`connector: polyai`); see docs/polyai.md.
public enum PolyAI {}
