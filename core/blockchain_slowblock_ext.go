// Copyright 2026 The go-ethereum Authors
// This file is part of the go-ethereum library.
//
// The go-ethereum library is free software: you can redistribute it and/or modify
// it under the terms of the GNU Lesser General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// The go-ethereum library is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU Lesser General Public License for more details.
//
// You should have received a copy of the GNU Lesser General Public License
// along with the go-ethereum library. If not, see <http://www.gnu.org/licenses/>.

package core

import "reflect"

// extensionTag names a field of ExecuteStats that the slow-block log writes
// into its "extensions" object, under the tag's value.
const extensionTag = "slowblock"

// extensions returns a block's figures beyond the cross-client slow-block
// format (block, timing, throughput, state_reads, state_writes and cache,
// which tools such as benchmarkoor read from every client alike): every
// non-nil pointer field of ExecuteStats tagged `slowblock:"name"`, under its
// name. It returns nil when no optional feature recorded figures, and the
// entry then has no extensions object.
//
// An optional feature adds its figures by tagging its field of ExecuteStats;
// they never land among the shared fields, which keep their place and type
// whatever geth adds.
func (s *ExecuteStats) extensions() map[string]any {
	return taggedExtensions(s)
}

// taggedExtensions collects the non-nil pointer fields of the struct v points
// to that carry the extension tag, by tag value.
func taggedExtensions(v any) map[string]any {
	var (
		ext map[string]any
		val = reflect.ValueOf(v).Elem()
		typ = val.Type()
	)
	for i := range typ.NumField() {
		name, ok := typ.Field(i).Tag.Lookup(extensionTag)
		field := val.Field(i)
		if !ok || field.Kind() != reflect.Pointer || field.IsNil() {
			continue
		}
		if ext == nil {
			ext = make(map[string]any)
		}
		ext[name] = field.Interface()
	}
	return ext
}
