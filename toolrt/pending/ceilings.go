package pending

// This file counts the calls of windowed ceilings (budget.Rate: 100 calls per minute per
// caller), so that every replica sharing the store counts against the same ceiling. One call is
// one statement: an upsert that adds one only while the window's count is under the ceiling, so
// of many replicas racing for the last call exactly one gets it, with no transaction around it.

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"

	"github.com/toolgen/toolgen/toolrt/budget"
)

var _ budget.Counter = (*Store)(nil)

// ceilingsTable is migration 4 in both databases.
const ceilingsTable = `CREATE TABLE ceiling_windows (
		ceiling      TEXT NOT NULL,
		window_start BIGINT NOT NULL,
		window_end   BIGINT NOT NULL,
		used         BIGINT NOT NULL,
		PRIMARY KEY (ceiling, window_start)
	);
	CREATE INDEX ceiling_windows_end ON ceiling_windows(window_end);`

// ceilings remembers when this process last deleted ended windows.
type ceilings struct {
	mu    sync.Mutex
	swept time.Time
}

// sweepEvery is how often one process deletes the rows of ended windows.
const sweepEvery = time.Minute

// Take counts one call under key in the window [start, end) when fewer than ceiling calls are
// counted there, and reports the count and whether it took the call (budget.Counter).
func (s *Store) Take(ctx context.Context, key string, start, end time.Time, ceiling int) (int, bool, error) {
	if ceiling <= 0 {
		return 0, false, nil
	}
	s.sweep(ctx, start)
	var used int
	err := s.db.QueryRowContext(ctx, `INSERT INTO ceiling_windows (ceiling, window_start, window_end, used) VALUES (?, ?, ?, 1)
		ON CONFLICT (ceiling, window_start) DO UPDATE SET used = ceiling_windows.used + 1 WHERE ceiling_windows.used < ?
		RETURNING used`, key, start.UnixMilli(), end.UnixMilli(), ceiling).Scan(&used)
	if errors.Is(err, sql.ErrNoRows) { // the WHERE refused: the window is full
		return ceiling, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return used, true, nil
}

// sweep deletes windows that ended before now, at most once a minute per process; a failure
// only leaves rows for the next sweep.
func (s *Store) sweep(ctx context.Context, now time.Time) {
	s.ceilings.mu.Lock()
	due := now.Sub(s.ceilings.swept) >= sweepEvery
	if due {
		s.ceilings.swept = now
	}
	s.ceilings.mu.Unlock()
	if due {
		_, _ = s.db.ExecContext(ctx, `DELETE FROM ceiling_windows WHERE window_end <= ?`, now.UnixMilli())
	}
}
