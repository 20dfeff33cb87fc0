import RookeryBindings
public enum Kit { public static func version() -> String { coreVersion() } }
