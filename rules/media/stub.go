package media

func probePDF(rd *reader, _ []byte) (Facts, error) {
	return Facts{}, errAt(CodeUnrecognized, 0, "PDF is not read yet")
}
