//! The slot an answer arrives in off the frame loop: a thread (desktop) or a
//! browser future writes it, the screen's frame takes it as plain data, and a
//! test fills it itself with no server ([`Slot::answered`]). The gallery's
//! requests (`community::Ask`) and the room requests (`online::RoomAsk`) both
//! wait in one.

use std::sync::{Arc, Mutex};

/// An answer to come, shared between its writer and its reader. A default
/// slot is never answered (a request still in flight, for tests).
#[derive(Debug)]
pub struct Slot<T> {
    inner: Arc<Mutex<Option<T>>>,
}

impl<T> Slot<T> {
    /// A slot already holding `value` (tests, and a request that failed to go).
    pub fn answered(value: T) -> Self {
        Self {
            inner: Arc::new(Mutex::new(Some(value))),
        }
    }

    /// The answer, once it came (taken: later calls return `None`).
    pub fn take(&self) -> Option<T> {
        self.lock().take()
    }

    /// Puts the answer in (the writer's side).
    pub(super) fn put(&self, value: T) {
        *self.lock() = Some(value);
    }

    /// The lock, even after a writer panicked (the value is still whole: a
    /// write is one assignment).
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<T>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

// By hand: the derives would ask `T: Default` and `T: Clone`, which an answer
// need not be.
impl<T> Default for Slot<T> {
    fn default() -> Self {
        Self {
            inner: Arc::new(Mutex::new(None)),
        }
    }
}

impl<T> Clone for Slot<T> {
    fn clone(&self) -> Self {
        Self {
            inner: Arc::clone(&self.inner),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_taken_once_and_a_default_slot_waits() {
        let slot = Slot::answered(7);
        assert_eq!(slot.take(), Some(7));
        assert_eq!(slot.take(), None);
        let waiting = Slot::<u8>::default();
        let writer = waiting.clone();
        assert_eq!(waiting.take(), None);
        writer.put(3);
        assert_eq!(waiting.take(), Some(3));
    }
}
