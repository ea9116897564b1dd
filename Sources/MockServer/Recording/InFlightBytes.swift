import StandInSupport

/// The bytes of backend answers that record mode holds at once, across all its calls: each call takes a share as its
/// answer's body arrives (all of it at once when the backend announces its length), and gives it back when the answer
/// has been recorded and handed to the client. A call whose answer would take the total past `limit` is refused
/// there and then (the client gets 503), so however many calls run together, their answers never hold more.
///
/// Any thread: shares grow on the transport's threads and are given back on a loop's.
final class InFlightBytes: Sendable {
    /// The most answer bytes held at once.
    let limit: Int
    private let held = Locked(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// The bytes held now, by every share.
    var total: Int { held.withLock { $0 } }

    /// A new, empty share for one call.
    func share() -> Share {
        Share(pool: self)
    }

    /// Takes `count` more bytes if they fit under the limit.
    fileprivate func take(_ count: Int) -> Bool {
        held.withLock { held in
            guard count <= limit - held else { return false }
            held += count
            return true
        }
    }

    fileprivate func giveBack(_ count: Int) {
        held.withLock { $0 -= count }
    }

    /// Why an answer is not held: with it, the answers in flight would hold more than the limit.
    struct Refusal: Error, CustomStringConvertible {
        /// The bytes the answer needed.
        let needed: Int
        /// The bytes the other answers held.
        let heldByOthers: Int
        let limit: Int

        var description: String {
            "record mode holds at most \(limit) bytes of answers in flight (--max-in-flight-bytes), and this answer "
                + "needs \(needed) while others hold \(heldByOthers); not recorded, try again when they are done"
        }
    }

    /// The bytes one call holds. Once a growth is refused the share stays refused: its call is being stopped.
    final class Share: Sendable {
        private let pool: InFlightBytes
        private let state = Locked((bytes: 0, refusal: InFlightBytes.Refusal?.none))

        fileprivate init(pool: InFlightBytes) {
            self.pool = pool
        }

        deinit {
            release()
        }

        /// Why a growth was refused; nil while none was.
        var refusal: Refusal? { state.withLock { $0.refusal } }

        /// Grows the share to `bytes` (if it holds fewer); false, and refused from then on, when that would take the
        /// pool past its limit.
        @discardableResult
        func grow(to bytes: Int) -> Bool {
            state.withLock { state in
                guard state.refusal == nil else { return false }
                guard bytes > state.bytes else { return true }
                guard pool.take(bytes - state.bytes) else {
                    state.refusal = Refusal(needed: bytes, heldByOthers: pool.total - state.bytes, limit: pool.limit)
                    return false
                }
                state.bytes = bytes
                return true
            }
        }

        /// Shrinks the share to `bytes`, giving the rest back to the pool.
        func shrink(to bytes: Int) {
            let freed = state.withLock { state in
                let freed = max(0, state.bytes - bytes)
                state.bytes -= freed
                return freed
            }
            if freed > 0 { pool.giveBack(freed) }
        }

        /// Gives every byte back to the pool.
        func release() {
            shrink(to: 0)
        }
    }
}
