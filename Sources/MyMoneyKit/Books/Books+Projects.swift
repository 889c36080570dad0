import MyMoneyStore

/// A project with its figures.
public struct ProjectStanding: Sendable {
    public var project: Project
    /// In the reporting currency.
    public var figures: Figures
}

extension Books {
    /// Every project (archived ones included: ``Project/isArchived(on:)`` tells them apart), with figures.
    public func projectStandings(today: Day, in currency: Currency? = nil) throws(BooksError) -> [ProjectStanding] {
        let projects = try store { () throws(LedgerError) in try ledger.projects(includeArchived: true, today: today) }
        let (target, figures) = try figures(of: .projects, in: currency)
        return projects.map { ProjectStanding(project: $0, figures: figures[$0.title] ?? .empty(target)) }
    }

    /// The project titled `title`.
    ///
    /// - Throws: ``BooksError`` `notFound` when there is none.
    public func project(titled title: String) throws(BooksError) -> Project {
        guard let project = try store({ () throws(LedgerError) in try ledger.project(titled: title) }) else {
            throw BooksError(.notFound, "there is no project \(title) (see mymoney projects list --all)")
        }
        return project
    }

    /// Adds a project.
    ///
    /// - Parameter known: problems the caller found already (dates it could not read); they are
    ///   reported with the project's own.
    /// - Throws: ``BooksError`` `invalid` with every problem of the title and dates, and a title
    ///   another project has.
    public func addProject(_ project: Project, problems known: FieldProblems = FieldProblems()) throws(BooksError) -> Project {
        try checkProject(project, known)
        return try store { () throws(LedgerError) in try ledger.addProject(project) }
    }

    /// Saves changes to a project (the problems as for ``addProject(_:problems:)``).
    public func updateProject(_ project: Project, problems known: FieldProblems = FieldProblems()) throws(BooksError) -> Project {
        try checkProject(project, known)
        return try store { () throws(LedgerError) in try ledger.updateProject(project) }
    }

    private func checkProject(_ project: Project, _ known: FieldProblems) throws(BooksError) {
        var problems = known
        problems.add(LedgerValidation.problems(in: project))
        if let other = try store({ () throws(LedgerError) in try ledger.project(titled: project.title) }), other.id != project.id {
            problems.add("title", "a project named \(other.title) already exists")
        }
        try problems.throwIfAny()
    }

    @discardableResult
    public func archiveProject(titled title: String) throws(BooksError) -> Project {
        let project = try project(titled: title)
        try store { () throws(LedgerError) in try ledger.archiveProject(id: project.id ?? -1) }
        return project
    }

    @discardableResult
    public func removeProject(titled title: String) throws(BooksError) -> Project {
        let project = try project(titled: title)
        try store { () throws(LedgerError) in try ledger.deleteProject(id: project.id ?? -1) }
        return project
    }
}
