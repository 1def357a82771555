package pgtest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestServerAnswers(t *testing.T) {
	s := Start(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, "SELECT 40 + 2").Scan(&n); err != nil || n != 42 {
		t.Fatalf("SELECT 40 + 2 = %d, %v", n, err)
	}
}
