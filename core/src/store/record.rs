//! The records a saved game is made of, how they are framed on disk, and how older schemas
//! are read.
//!
//! # Keys (one sled tree, the default one)
//!
//! | key | value |
//! |---|---|
//! | `h` + id (u64 big-endian) | [`Header`]: game id, mode, seats, house rules, seed, start |
//! | `s` + id | [`Summary`]: name, cursor, stored length, status, result, whose turn, preview |
//! | `m` + id + ply (u32 big-endian) | [`MoveRec`]: the action's text and its clock time |
//! | `c` + id | [`ClockRec`]: time spent on the turn at the cursor (turn clock; optional) |
//! | `n` | the next saved-game id (u64 big-endian) |
//! | `g` | the generation of the last commit that changed a game (u64 big-endian; see [`super::guard`]) |
//!
//! Big-endian numbers keep sled's byte order equal to numeric order, so a prefix scan of
//! `m` + id yields the actions in play order and a scan of `s` lists the games by id.
//!
//! # Framing
//!
//! Every value is `[schema version: u8][crc32: u32 LE][JSON payload]`. From schema 3 on the
//! checksum covers the version, the record's **key** and the payload, so a record copied under
//! another key (another game's action, summary or header) fails it; records of schemas 1 and 2
//! (checksum of version + payload) are still read as they are (never rewritten: a game saved
//! before keeps them, its new records are written in schema 3). A value whose checksum does not
//! match (a flipped byte, a truncated record, a record of another key) is reported as
//! [`Error::CorruptSave`]; a version above [`SCHEMA`] as [`Error::NewerSchema`]. The checksum
//! is checked before the version, so a flipped version byte reads as damage, not as "newer"
//! (the versions 2 and 3 differ in one bit, and their checksums in what they cover).
//!
//! # Schema versions
//!
//! - 1: the header named its players only (`"players": ["Ann", "Ben"]`, all people) and had no
//!   mode. Read through [`HeaderV1`] and upgraded on read: every player becomes a person
//!   seat, the mode becomes `"pass-and-play"`.
//! - 2: the header holds [`SeatInfo`]s (person or bot with a level) and the mode.
//! - 3 (current): the payloads of schema 2; the checksum covers the key too (see Framing).
//!
//! Move and summary records are the same in every version.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::{SavedId, SeatInfo, Start, Status};
use crate::error::{Error, Result};
use crate::game::{HouseRules, Outcome};
use crate::piece::Seat;

/// The schema version this build writes (and the newest it reads).
pub const SCHEMA: u8 = 3;

/// The first schema whose checksum covers the record's key.
pub const KEYED: u8 = 3;

pub(crate) const NEXT_ID_KEY: &[u8] = b"n";

/// The generation of the store's last commit that changed a game (see [`super::guard`]).
pub(crate) const GEN_KEY: &[u8] = b"g";

pub(crate) fn header_key(id: SavedId) -> [u8; 9] {
    key9(b'h', id)
}

pub(crate) fn summary_key(id: SavedId) -> [u8; 9] {
    key9(b's', id)
}

pub(crate) fn clock_key(id: SavedId) -> [u8; 9] {
    key9(b'c', id)
}

pub(crate) fn moves_prefix(id: SavedId) -> [u8; 9] {
    key9(b'm', id)
}

pub(crate) fn move_key(id: SavedId, ply: u32) -> [u8; 13] {
    let mut k = [0u8; 13];
    k[..9].copy_from_slice(&key9(b'm', id));
    k[9..].copy_from_slice(&ply.to_be_bytes());
    k
}

fn key9(tag: u8, id: SavedId) -> [u8; 9] {
    let mut k = [0u8; 9];
    k[0] = tag;
    k[1..].copy_from_slice(&id.to_be_bytes());
    k
}

/// The saved-game id in a `h`/`s`/`m` key.
pub(crate) fn id_of_key(key: &[u8]) -> Option<SavedId> {
    let b: [u8; 8] = key.get(1..9)?.try_into().ok()?;
    Some(SavedId::from_be_bytes(b))
}

/// The ply number in an `m` key.
pub(crate) fn ply_of_key(key: &[u8]) -> Option<u32> {
    let b: [u8; 4] = key.get(9..13)?.try_into().ok()?;
    (key.len() == 13).then(|| u32::from_be_bytes(b))
}

/// The fixed part of a saved game, written once when it is created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub game: String,
    pub mode: String,
    pub seats: Vec<SeatInfo>,
    pub house: HouseRules,
    pub seed: u64,
    pub start: Start,
    pub created_ms: u64,
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub auto_walk: bool,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Schema 1 header (see the module docs); only ever read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeaderV1 {
    pub game: String,
    pub players: Vec<String>,
    pub house: HouseRules,
    pub seed: u64,
    pub start: Start,
    pub created_ms: u64,
}

impl From<HeaderV1> for Header {
    fn from(h: HeaderV1) -> Header {
        Header {
            game: h.game,
            mode: "pass-and-play".to_string(),
            seats: h.players.into_iter().map(SeatInfo::person).collect(),
            house: h.house,
            seed: h.seed,
            start: h.start,
            created_ms: h.created_ms,
            auto_walk: true,
        }
    }
}

/// One action of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRec {
    /// The action as text (`Ply::text`: move text, `resign:2`, `timeout:1`).
    pub t: String,
    /// When it was played, ms since the Unix epoch.
    pub ms: u64,
}

/// The turn clock of a saved game (see [`super::clock`]): time spent on the turn at cursor
/// `ply` of `len` stored actions, as of the last save. Written when the shell pauses or leaves
/// the game, removed by every action, undo and redo; a record for another cursor is stale.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockRec {
    pub ply: u32,
    pub len: u32,
    pub spent_ms: u64,
}

pub(crate) fn decode_clock(game: SavedId, bytes: &[u8]) -> Result<ClockRec> {
    let (_, json) = unframe(game, "turn clock", &clock_key(game), bytes)?;
    parse_json(game, "turn clock", json)
}

/// What the "continue" screen shows about a saved game, and the saved game's mutable state
/// (name, undo/redo cursor, result). Readable without replaying the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The saved-game id (from the key; not stored in the value).
    #[serde(skip)]
    pub id: SavedId,
    /// The commit generation this summary was written in (see [`super::guard`]); 0 in
    /// summaries written before generations were kept.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gen: u64,
    pub name: String,
    /// Game id (`chess`, `eight-player-ffa`, ...).
    pub game: String,
    pub mode: String,
    /// Seat names in seat order.
    pub players: Vec<String>,
    /// Who plays each seat (person, or bot with its level), in seat order; empty in summaries
    /// written before it was recorded (read the header then: [`super::GameStore::load`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatInfo>,
    /// The seat to move, or `None` when the game is over.
    pub turn: Option<Seat>,
    /// Actions applied (the undo/redo cursor).
    pub ply: u32,
    /// Actions stored (the cursor plus the plies that can be redone).
    pub len: u32,
    pub status: Status,
    /// The result, when the game is over.
    pub result: Option<Outcome>,
    pub created_ms: u64,
    /// When an action was last played or undone/redone, ms since the Unix epoch.
    pub last_ms: u64,
    /// The position at the cursor in the variant's notation (FEN for chess), for a small
    /// board image; empty for games without a position notation yet.
    pub preview: String,
}

/// Frames a record to be stored under `key`: version byte, checksum, JSON.
pub(crate) fn encode<T: Serialize>(key: &[u8], value: &T) -> Vec<u8> {
    let json = serde_json::to_vec(value).expect("saved-game records always serialise");
    frame(SCHEMA, key, &json)
}

/// A record of schema `version` under `key` (the key counts from [`KEYED`] on).
pub(crate) fn frame(version: u8, key: &[u8], payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(payload.len() + 5);
    out.push(version);
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(payload);
    let crc = checksum(version, key, &out[5..]);
    out[1..5].copy_from_slice(&crc.to_le_bytes());
    out
}

fn checksum(version: u8, key: &[u8], payload: &[u8]) -> u32 {
    let key: &[u8] = if version >= KEYED { key } else { &[] };
    crc32_parts(&[&[version], key, payload])
}

/// Checks a record read from `key`; returns its schema version and JSON payload.
pub(crate) fn unframe<'a>(
    game: SavedId,
    what: &str,
    key: &[u8],
    bytes: &'a [u8],
) -> Result<(u8, &'a [u8])> {
    if bytes.len() < 5 {
        return Err(corrupt(
            game,
            format!("{what} record truncated ({} bytes)", bytes.len()),
        ));
    }
    let want = u32::from_le_bytes([bytes[1], bytes[2], bytes[3], bytes[4]]);
    if checksum(bytes[0], key, &bytes[5..]) != want {
        return Err(corrupt(
            game,
            format!("{what} record fails its checksum (damaged, truncated or another record's)"),
        ));
    }
    let version = bytes[0];
    if version == 0 {
        return Err(corrupt(game, format!("{what} record has schema version 0")));
    }
    if version > SCHEMA {
        return Err(Error::NewerSchema {
            game,
            found: version as u32,
            supported: SCHEMA as u32,
        });
    }
    Ok((version, &bytes[5..]))
}

pub(crate) fn parse_json<T: DeserializeOwned>(game: SavedId, what: &str, json: &[u8]) -> Result<T> {
    serde_json::from_slice(json)
        .map_err(|e| corrupt(game, format!("{what} record unreadable: {e}")))
}

pub(crate) fn decode_header(game: SavedId, bytes: &[u8]) -> Result<Header> {
    let (version, json) = unframe(game, "header", &header_key(game), bytes)?;
    match version {
        1 => parse_json::<HeaderV1>(game, "header", json).map(Header::from),
        _ => parse_json(game, "header", json),
    }
}

pub(crate) fn decode_summary(game: SavedId, bytes: &[u8]) -> Result<Summary> {
    let (_, json) = unframe(game, "summary", &summary_key(game), bytes)?;
    let mut s: Summary = parse_json(game, "summary", json)?;
    s.id = game;
    if s.ply > s.len {
        return Err(corrupt(
            game,
            format!("summary cursor {} is past its {} actions", s.ply, s.len),
        ));
    }
    Ok(s)
}

pub(crate) fn decode_move(game: SavedId, ply: u32, bytes: &[u8]) -> Result<MoveRec> {
    let what = format!("action {}", ply + 1);
    let (_, json) = unframe(game, &what, &move_key(game, ply), bytes)?;
    parse_json(game, &what, json)
}

pub(crate) fn corrupt(game: SavedId, detail: String) -> Error {
    Error::CorruptSave { game, detail }
}

/// CRC-32 (IEEE 802.3, reflected, as zlib) over several byte slices.
pub(crate) fn crc32_parts(parts: &[&[u8]]) -> u32 {
    static TABLE: once_cell::sync::Lazy<[u32; 256]> = once_cell::sync::Lazy::new(|| {
        let mut t = [0u32; 256];
        for (i, e) in t.iter_mut().enumerate() {
            let mut c = i as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
            *e = c;
        }
        t
    });
    let mut crc = !0u32;
    for p in parts {
        for &b in *p {
            crc = TABLE[((crc ^ b as u32) & 0xff) as usize] ^ (crc >> 8);
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32_parts(&[b"1234", b"56789"]), 0xCBF4_3926);
    }

    #[test]
    fn a_flipped_version_byte_reads_as_damage_not_as_a_newer_schema() {
        for (from, to) in [(SCHEMA, SCHEMA + 1), (3, 2), (2, 3), (2, 6)] {
            let mut rec = frame(from, b"h7", b"{}");
            rec[0] = to;
            assert!(
                matches!(
                    unframe(7, "header", b"h7", &rec),
                    Err(Error::CorruptSave { game: 7, .. })
                ),
                "{from} -> {to}"
            );
        }
    }

    #[test]
    fn a_record_under_another_key_fails_its_checksum() {
        let rec = frame(SCHEMA, &move_key(1, 4), b"{}");
        assert!(unframe(1, "action 5", &move_key(1, 4), &rec).is_ok());
        for other in [move_key(2, 4), move_key(1, 5)] {
            assert!(matches!(
                unframe(1, "action 5", &other, &rec),
                Err(Error::CorruptSave { game: 1, .. })
            ));
        }
        assert!(unframe(1, "summary", &summary_key(1), &rec).is_err());
    }

    #[test]
    fn records_of_schema_2_are_read_whatever_their_key() {
        // schema 2 checksums did not cover the key: such records stay readable
        let rec = frame(2, &[], b"{}");
        for key in [&move_key(1, 4)[..], &summary_key(9)[..]] {
            assert_eq!(unframe(1, "old", key, &rec).unwrap(), (2, &b"{}"[..]));
        }
    }

    #[test]
    fn a_record_of_a_newer_schema_is_reported_as_such() {
        let rec = frame(SCHEMA + 1, b"h7", b"{}");
        assert_eq!(
            unframe(7, "header", b"h7", &rec).unwrap_err(),
            Error::NewerSchema {
                game: 7,
                found: SCHEMA as u32 + 1,
                supported: SCHEMA as u32
            }
        );
    }
}
