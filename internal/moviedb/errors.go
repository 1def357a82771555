package moviedb

// This file renders failures the way the original Spring service does: a GraphQL error whose
// extensions carry a classification (Spring's ErrorType names, or graphql-java's for aborts).
// Unexpected failures are logged under a random reference and only the reference reaches the client.

import (
	"errors"
	"log"

	"github.com/google/uuid"
)

// Classifications used in errors[].extensions.classification.
const (
	classBadRequest   = "BAD_REQUEST"
	classUnauthorized = "UNAUTHORIZED"
	classForbidden    = "FORBIDDEN"
	classInternal     = "INTERNAL_ERROR"
	classAborted      = "ExecutionAborted"
	// classUnsupported is graphql-java's name for an operation the server does not run, which is
	// what a field the demo leaves out is.
	classUnsupported = "OperationNotSupported"
)

// gqlError is a resolver error with extensions; graphql-go copies them into the response.
type gqlError struct {
	message string
	ext     map[string]any
}

func (e *gqlError) Error() string              { return e.message }
func (e *gqlError) Extensions() map[string]any { return e.ext }

func classified(class, message string) *gqlError {
	return &gqlError{message: message, ext: map[string]any{"classification": class}}
}

// unauthorized is an anonymous caller on a protected field.
func unauthorized() error { return classified(classUnauthorized, "Unauthorized") }

// forbidden is a signed-in caller touching someone else's data.
func forbidden() error { return classified(classForbidden, "Forbidden") }

// badRequest is invalid input; field names the offending input, as InvalidInputException does.
func badRequest(field, message string) error {
	e := classified(classBadRequest, message)
	e.ext["field"] = field
	return e
}

// notAvailable is a root field the demo server does not implement.
func notAvailable(field string) error {
	return classified(classUnsupported, field+" is not available in the demo server")
}

// internalError hides cause behind a reference that is also written to the log.
func internalError(cause error) error {
	ref := uuid.NewString()
	log.Printf("moviedb: reference %s: %v", ref, cause)
	e := classified(classInternal, "An unexpected error occurred while processing the request. Reference: "+ref)
	e.ext["reference"] = ref
	return e
}

// Failures of the watch-list rules, mapped to GraphQL errors by accessError.
var (
	errNotSignedIn = errors.New("not authenticated")
	errNotOwner    = errors.New("watch list belongs to a different user")
)

// accessError maps a store error to what the client sees: anonymous and foreign access become
// UNAUTHORIZED and FORBIDDEN; anything else (an unknown id) is INTERNAL_ERROR as in the original.
func accessError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errNotSignedIn):
		return unauthorized()
	case errors.Is(err, errNotOwner):
		return forbidden()
	default:
		return internalError(err)
	}
}
