//! A map for the readers' pairing state (tool calls waiting for results, responses split over
//! several records, records already seen) that forgets its oldest entries: what pairs with what
//! lies close together in a session, so memory stays flat however long the session grows.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;

/// How many of the latest entries every [`Recent`] keeps: far more than any session has calls
/// waiting at once.
pub(crate) const KEEP: usize = 4096;

/// A map that keeps at least its latest [`KEEP`] insertions: once it holds twice as many, the
/// older ones are forgotten.
pub(crate) struct Recent<K, V> {
    map: HashMap<K, (u64, V)>,
    inserted: u64,
}

impl<K, V> Default for Recent<K, V> {
    fn default() -> Self {
        Recent {
            map: HashMap::new(),
            inserted: 0,
        }
    }
}

impl<K: Eq + Hash, V> Recent<K, V> {
    /// Inserts (or replaces, as the latest) `key`; returns the value it replaced.
    pub(crate) fn insert(&mut self, key: K, value: V) -> Option<V> {
        self.inserted += 1;
        let old = self.map.insert(key, (self.inserted, value)).map(|(_, v)| v);
        if self.map.len() >= 2 * KEEP {
            let oldest_kept = self.inserted - KEEP as u64;
            self.map.retain(|_, (n, _)| *n > oldest_kept);
        }
        old
    }

    pub(crate) fn get<Q: Eq + Hash + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.map.get(key).map(|(_, v)| v)
    }

    pub(crate) fn get_mut<Q: Eq + Hash + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        self.map.get_mut(key).map(|(_, v)| v)
    }

    pub(crate) fn contains_key<Q: Eq + Hash + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.map.contains_key(key)
    }

    /// Entries held now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_latest_and_forgets_the_oldest() {
        let mut r = Recent::default();
        for i in 0..KEEP {
            r.insert(i, i);
        }
        // Below twice the bound nothing is forgotten, and a replaced value comes back.
        assert_eq!(r.insert(0, 100), Some(0));
        assert_eq!(r.get(&1), Some(&1));
        for i in KEEP..3 * KEEP {
            r.insert(i, i);
        }
        assert!(r.len() < 2 * KEEP, "{}", r.len());
        assert!(r.get(&1).is_none(), "the oldest entries are forgotten");
        for i in 2 * KEEP..3 * KEEP {
            assert_eq!(r.get(&i), Some(&i), "the latest {KEEP} are kept");
        }
        *r.get_mut(&(3 * KEEP - 1)).unwrap() = 7;
        assert!(r.contains_key(&(3 * KEEP - 1)));
        assert_eq!(r.get(&(3 * KEEP - 1)), Some(&7));
    }
}
