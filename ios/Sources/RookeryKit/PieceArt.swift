import Foundation

/// The piece images of `assets/pieces/<glyph>.svg` (drawn by make_pieces.py) as path commands a
/// view replays (SwiftUI `Path`, or anything else). The files use a small SVG subset: `path`
/// (absolute `M L H V C Q Z`), `circle`, `polygon` and `g` with a `translate(x y) scale(k)`
/// transform; `#fefefe` (body), `#010101` (ink) and `#b00000` (mark) are the tokens replaced by
/// the army's colours of the scene (`SceneArmy`).
public enum PathCommand: Equatable, Sendable {
    case move(Point)
    case line(Point)
    case quad(control: Point, to: Point)
    case cubic(c1: Point, c2: Point, to: Point)
    /// a full circle (SVG `circle`)
    case circle(centre: Point, radius: Double)
    case close
}

public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A colour of the art: a fixed one, or a token of the army's palette.
public enum Paint: Equatable, Sendable {
    case none
    case body, ink, mark
    case rgb(UInt32)

    init(svg: String?) {
        switch svg?.lowercased() {
        case nil, "none": self = .none
        case "#fefefe": self = .body
        case "#010101": self = .ink
        case "#b00000": self = .mark
        case let s?:
            self = UInt32(s.dropFirst(), radix: 16).map { .rgb($0) } ?? .none
        }
    }

    /// The colour as 0xRRGGBB for an army (`body`, `ink`, `mark` of `SceneArmy`, 0xRRGGBB).
    public func rgb(body: UInt32, ink: UInt32, mark: UInt32) -> UInt32? {
        switch self {
        case .none: return nil
        case .body: return body & 0xFFFFFF
        case .ink: return ink & 0xFFFFFF
        case .mark: return mark & 0xFFFFFF
        case .rgb(let v): return v
        }
    }
}

public struct GlyphShape: Equatable, Sendable {
    public var commands: [PathCommand]
    public var fill: Paint
    public var stroke: Paint
    public var strokeWidth: Double
}

/// One piece image: shapes in a 100×100 box, drawn in order.
public struct Glyph: Equatable, Sendable {
    public var shapes: [GlyphShape]
}

public enum PieceArtError: Error, Equatable {
    case malformed(String)
}

public final class PieceArt: @unchecked Sendable {
    private let directory: URL
    private var cache: [String: Glyph] = [:]
    private let lock = NSLock()

    /// `directory` holds the `<glyph>.svg` files (`assets/pieces`, copied into the app bundle).
    public init(directory: URL) { self.directory = directory }

    /// The glyph named by a scene piece (`ScenePiece.glyph`), parsed once; nil when there is no
    /// such file or it cannot be read (the view then draws the piece's letter).
    public func glyph(_ id: String) -> Glyph? {
        lock.lock(); defer { lock.unlock() }
        if let g = cache[id] { return g }
        guard !id.contains("/"),
              let text = try? String(contentsOf: directory.appendingPathComponent("\(id).svg"), encoding: .utf8),
              let g = try? PieceArt.parse(svg: text)
        else { return nil }
        cache[id] = g
        return g
    }

    /// Parses the SVG subset of the piece files.
    public static func parse(svg: String) throws -> Glyph {
        var shapes: [GlyphShape] = []
        // transforms of the open `g` elements: (translate x, translate y, scale)
        var stack: [(Double, Double, Double)] = [(0, 0, 1)]
        var rest = Substring(svg)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else {
                throw PieceArtError.malformed("an unclosed element")
            }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            let name = tag.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }
            let attrs = attributes(tag)
            let t = stack[stack.count - 1]
            func at(_ x: Double, _ y: Double) -> Point { Point(x: t.0 + x * t.2, y: t.1 + y * t.2) }
            func shape(_ commands: [PathCommand]) -> GlyphShape {
                let width = Double(attrs["stroke-width"] ?? "") ?? 1
                return GlyphShape(commands: commands, fill: Paint(svg: attrs["fill"] ?? "#000000"),
                             stroke: Paint(svg: attrs["stroke"]), strokeWidth: width * t.2)
            }
            switch name {
            case "g":
                var (tx, ty, k) = (0.0, 0.0, 1.0)
                if let tr = attrs["transform"] {
                    let n = numbers(in: tr)
                    if tr.contains("translate"), n.count >= 2 { tx = n[0]; ty = n[1] }
                    if tr.contains("scale"), let s = n.last, n.count == 3 || n.count == 1 { k = s }
                }
                stack.append((t.0 + tx * t.2, t.1 + ty * t.2, t.2 * k))
            case "/g":
                if stack.count > 1 { stack.removeLast() }
            case "path":
                shapes.append(shape(try path(attrs["d"] ?? "", at)))
            case "polygon":
                let n = numbers(in: attrs["points"] ?? "")
                var cmds: [PathCommand] = []
                for i in stride(from: 0, to: n.count - 1, by: 2) {
                    cmds.append(i == 0 ? .move(at(n[i], n[i + 1])) : .line(at(n[i], n[i + 1])))
                }
                cmds.append(.close)
                shapes.append(shape(cmds))
            case "circle":
                let c = at(Double(attrs["cx"] ?? "") ?? 0, Double(attrs["cy"] ?? "") ?? 0)
                shapes.append(shape([.circle(centre: c, radius: (Double(attrs["r"] ?? "") ?? 0) * t.2)]))
            default:
                break
            }
        }
        return Glyph(shapes: shapes)
    }

    static func attributes(_ tag: Substring) -> [String: String] {
        var out: [String: String] = [:]
        var s = tag
        while let eq = s.firstIndex(of: "=") {
            let name = s[..<eq].split(whereSeparator: { $0.isWhitespace }).last.map(String.init) ?? ""
            let afterEq = s[s.index(after: eq)...]
            guard let q1 = afterEq.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { break }
            let quote = afterEq[q1]
            let valueStart = afterEq.index(after: q1)
            guard let q2 = afterEq[valueStart...].firstIndex(of: quote) else { break }
            out[name] = String(afterEq[valueStart..<q2])
            s = afterEq[afterEq.index(after: q2)...]
        }
        return out
    }

    /// Every number of a string (`-1.5e-3`, commas or spaces between).
    static func numbers(in s: String) -> [Double] {
        var out: [Double] = []
        var cur = ""
        func flush() { if let v = Double(cur) { out.append(v) }; cur = "" }
        var prev: Character = " "
        for ch in s {
            if ch.isNumber || ch == "." || ch == "e" || ch == "E" ||
                (ch == "-" && (cur.isEmpty || prev == "e" || prev == "E")) {
                if ch == "." && cur.contains(".") && !cur.contains("e") { flush() }
                cur.append(ch)
            } else if ch == "-" {
                flush(); cur.append(ch)
            } else {
                flush()
            }
            prev = ch
        }
        flush()
        return out
    }

    /// The absolute path commands of make_pieces.py's output.
    static func path(_ d: String, _ at: (Double, Double) -> Point) throws -> [PathCommand] {
        var out: [PathCommand] = []
        var cur = Point(x: 0, y: 0)  // in the file's coordinates
        var start = cur
        // split into (command, numbers)
        var chunks: [(Character, String)] = []
        for ch in d {
            if ch.isLetter && ch != "e" && ch != "E" { chunks.append((ch, "")) } else if !chunks.isEmpty {
                chunks[chunks.count - 1].1.append(ch)
            }
        }
        for (c, text) in chunks {
            let n = numbers(in: text)
            func need(_ k: Int) throws {
                if n.count % k != 0 || (n.isEmpty && k > 0) {
                    throw PieceArtError.malformed("\(c) with \(n.count) numbers")
                }
            }
            switch c {
            case "M":
                try need(2)
                for i in stride(from: 0, to: n.count, by: 2) {
                    cur = Point(x: n[i], y: n[i + 1])
                    if i == 0 { start = cur; out.append(.move(at(cur.x, cur.y))) } else { out.append(.line(at(cur.x, cur.y))) }
                }
            case "L":
                try need(2)
                for i in stride(from: 0, to: n.count, by: 2) {
                    cur = Point(x: n[i], y: n[i + 1]); out.append(.line(at(cur.x, cur.y)))
                }
            case "H":
                try need(1)
                for v in n { cur.x = v; out.append(.line(at(cur.x, cur.y))) }
            case "V":
                try need(1)
                for v in n { cur.y = v; out.append(.line(at(cur.x, cur.y))) }
            case "Q":
                try need(4)
                for i in stride(from: 0, to: n.count, by: 4) {
                    let c1 = at(n[i], n[i + 1])
                    cur = Point(x: n[i + 2], y: n[i + 3])
                    out.append(.quad(control: c1, to: at(cur.x, cur.y)))
                }
            case "C":
                try need(6)
                for i in stride(from: 0, to: n.count, by: 6) {
                    let c1 = at(n[i], n[i + 1]), c2 = at(n[i + 2], n[i + 3])
                    cur = Point(x: n[i + 4], y: n[i + 5])
                    out.append(.cubic(c1: c1, c2: c2, to: at(cur.x, cur.y)))
                }
            case "Z", "z":
                out.append(.close); cur = start
            default:
                throw PieceArtError.malformed("path command \(c)")
            }
        }
        return out
    }
}
